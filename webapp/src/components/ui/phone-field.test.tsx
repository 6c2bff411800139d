import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

import { PhoneField } from './phone-field';

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));

function renderField() {
  return render(<PhoneField label="Phone" countryLabel="Country key" country={{ defaultValue: 'EG' }} number={{}} />);
}

// U+2066 (left-to-right isolate) … U+2069 (pop directional isolate).
const LRI = '\u2066';
const PDI = '\u2069';

describe('the phone field’s country keys', () => {
  it('writes each calling code isolated left to right in Arabic, so the plus stays before the digits', () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    renderField();
    const egypt = screen.getByRole('option', { name: /مصر/ });
    expect(egypt.textContent).toBe(`${LRI}+20${PDI} مصر`);
    for (const option of screen.getAllByRole('option')) expect(option.textContent).toMatch(new RegExp(`^${LRI}\\+\\d+${PDI} `));
  });

  it('writes it the same way in English', () => {
    renderField();
    expect(screen.getByRole('option', { name: /Egypt/ }).textContent).toBe(`${LRI}+20${PDI} Egypt`);
  });
});
