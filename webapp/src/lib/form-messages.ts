// The messages of form fields, in the app's own words. A form's rules produce message *keys*, with
// the values their sentence needs written after them as a query string ("validation.tooLong?count=100"),
// so the sentence is made in the language shown when it is shown; the field names itself in it
// ({{field}} is the field's label). A message that is no key (the server's, already in the visitor's
// language) is shown as it is.

export type MessageValues = Record<string, string | number>;

/** A message key with the values of its sentence: what a form rule reports. */
export function messageKey(key: string, values: MessageValues = {}): string {
  const query = new URLSearchParams(Object.entries(values).map(([name, value]) => [name, String(value)])).toString();
  return query ? `${key}?${query}` : key;
}

/** The key and values of a message made by messageKey (numbers come back as numbers). */
export function parseMessage(message: string): { key: string; values: MessageValues } {
  const mark = message.indexOf('?');
  if (mark < 0) return { key: message, values: {} };
  const values: MessageValues = {};
  for (const [name, value] of new URLSearchParams(message.slice(mark + 1))) {
    values[name] = value !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
  }
  return { key: message.slice(0, mark), values };
}

interface Translator {
  t: (key: string, values: MessageValues) => string;
  /** With the values: a key of plural forms only exists for a count. */
  exists: (key: string, values?: MessageValues) => boolean;
}

/**
 * The sentence a field shows for message: a key is translated with its values and the field's label;
 * anything else (the server's words) is shown unchanged.
 */
export function fieldMessage({ t, exists }: Translator, message: string, field: string): string {
  const { key, values } = parseMessage(message);
  if (!exists(key, values)) return message;
  // A rule may name the field itself (a part of the value, such as the first name in a full name).
  // A label's required marker ("Discount (%) *") is for the eye beside the box, not for a sentence.
  const named = typeof values.field === 'string' && exists(values.field) ? t(values.field, {}) : field.replace(/\s\*(?=\s|$)/g, '');
  return t(key, { ...values, field: named || t('validation.thisField', {}) });
}
