import { useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/**
 * The country to show once the phone's country key changes from `before` to `after`: the new key's
 * country while the two agreed, else the country the traveller chose. Most travellers live where their
 * phone is from (the field used to stay Egypt for a British number); one who chose another keeps it.
 */
export function countryAfterKeyChange(country: string, before: string, after: string): string {
  return country === before && after ? after : country;
}

interface PhoneAndCountry extends FieldValues {
  phone_region: string;
  country: string;
}

/**
 * Keeps a form's country field following its phone's country key (`countryAfterKeyChange`), whoever
 * changes the key: the traveller, a restored draft or the account's number filled in.
 */
export function useCountryFollowsPhoneKey<V extends PhoneAndCountry>(form: UseFormReturn<V>): void {
  useEffect(() => {
    const keyField = 'phone_region' as Path<V>;
    const countryField = 'country' as Path<V>;
    let key = String(form.getValues(keyField));
    return form.subscribe({
      name: keyField,
      formState: { values: true },
      callback: ({ values }) => {
        const next = values.phone_region;
        if (next === key) return;
        const country = countryAfterKeyChange(values.country, key, next);
        key = next;
        if (country !== values.country) form.setValue(countryField, country as PathValue<V, Path<V>>, { shouldDirty: true });
      },
    });
  }, [form]);
}
