import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';

import { countryAfterKeyChange, useCountryFollowsPhoneKey } from './use-country-follows-phone-key';

function useContactForm() {
  const form = useForm({ defaultValues: { phone_region: 'EG', phone_number: '', country: 'EG' } });
  useCountryFollowsPhoneKey(form);
  return form;
}

describe('the country following the phone’s country key', () => {
  it('takes the new key’s country while the two agreed', () => {
    expect(countryAfterKeyChange('EG', 'EG', 'GB')).toBe('GB');
  });

  it('keeps a country the traveller chose apart from the key', () => {
    expect(countryAfterKeyChange('DE', 'EG', 'GB')).toBe('DE');
  });

  it('follows a key changed in the form, by the traveller or filled in from the account', () => {
    const { result } = renderHook(() => useContactForm());
    act(() => result.current.setValue('phone_region', 'GB'));
    expect(result.current.getValues('country')).toBe('GB');
    // The traveller then says they live in Germany: a later key leaves it alone.
    act(() => result.current.setValue('country', 'DE'));
    act(() => result.current.setValue('phone_region', 'AE'));
    expect(result.current.getValues('country')).toBe('DE');
  });
});
