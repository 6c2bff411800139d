// A car's plate as a person reads it. Apart from format.ts, which the home page's first download
// carries: only the trip's, the staff's and the bell's screens show plates.
import type { Language } from '@/config/constants';

/**
 * A car's plate as the page's language writes its digits: an Egyptian plate reads «ل ي م ٦٦٤٣» in
 * Arabic (its letters are Arabic whatever the page, and its digits are painted Arabic-Indic), and the
 * catalogue may hold it typed with Western digits. A plate with Latin letters («ABC 123», a foreign
 * or rented car) is an identifier written in Latin: shown as typed, never «ABC ١٢٣». Its parts are
 * joined by no-break spaces: a plate is one word to the reader, and a narrow line (a 360 px phone)
 * broke «ق ط ر» from «٤٨٢١», in a sentence or on its own.
 */
export function formatPlate(plate: string, language: Language): string {
  const unbroken = plate.trim().replace(/\s+/g, '\u00a0');
  if (language !== 'ar' || /[A-Za-z]/.test(unbroken)) return unbroken;
  return unbroken.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
}
