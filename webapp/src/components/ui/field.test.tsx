import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

import { CheckboxField } from './field';

beforeEach(() => {
  act(() => useLocaleStore.getState().setLanguage('en'));
});

describe('a checkbox with an error', () => {
  for (const [lang, label, message] of [
    ['en', 'I agree to the terms', 'Please agree to the terms.'],
    ['ar', 'أوافق على الشروط', 'يرجى الموافقة على الشروط.'],
  ] as const) {
    it(`is described by its error, not only marked invalid (${lang})`, () => {
      act(() => useLocaleStore.getState().setLanguage(lang));
      render(<CheckboxField label={label} error="validation.terms" />);
      const box = screen.getByRole('checkbox', { name: label });
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(box).toHaveAccessibleDescription(message);
    });
  }

  it('is described by nothing while it has no error', () => {
    render(<CheckboxField label="I agree to the terms" />);
    const box = screen.getByRole('checkbox', { name: 'I agree to the terms' });
    expect(box).not.toHaveAttribute('aria-describedby');
    expect(box).not.toHaveAttribute('aria-invalid');
  });
});
