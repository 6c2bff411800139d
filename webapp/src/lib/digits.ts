// What a person types into a number box, in whatever digits their keyboard writes.

/**
 * Text typed into a number box with Arabic-Indic («١٢٫٥») or Persian («۱۲») digits, the Arabic
 * decimal separator (٫) or its thousands separator (٬), as Western digits and a point ("12.5"),
 * trimmed. Anything else stays as typed, for the field's own check to refuse in words.
 */
export function westernDigits(text: string): string {
  return text
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, '');
}

/**
 * What a number box holds as its text is typed: "" when empty, the number once the text reads as one
 * (Western digits or not: «١٢» is 12), else the text as typed ("1.", "abc") so the box keeps it and
 * the form's check can refuse it. "1.50" stays text while typed: as a number it would become "1.5".
 */
export function typedNumber(text: string): number | string {
  const western = westernDigits(text);
  if (!/^-?\d+(\.\d+)?$/.test(western)) return western;
  const n = Number(western);
  return String(n) === western ? n : western;
}

/**
 * An amount of money as typed, in any digits (westernDigits), without the thousands separators
 * people write in it: «3,450.50» and «٣٬٤٥٠٫٥٠» are "3450.50". A comma counts as one only where it
 * groups the digits before the point in threes; anywhere else it stays, for the field to refuse
 * («34,50» could be a decimal comma, and is not guessed at).
 */
export function amountDigits(text: string): string {
  const western = westernDigits(text);
  return /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(western) ? western.replace(/,/g, '') : western;
}
