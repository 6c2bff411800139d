import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { KINDS, type FieldSpec } from '../kinds';

import { RecordField } from './fields';

function renderField(spec: FieldSpec, value: unknown) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RecordField spec={spec} value={value} errors={{}} onChange={() => {}} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  // An upload that never answers: the field shows what was chosen meanwhile.
  vi.stubGlobal('fetch', () => new Promise(() => {}));
});
afterEach(() => vi.unstubAllGlobals());

describe('a photo field', () => {
  it.each([
    ['en', 'Upload a photo', 'No file chosen'],
    ['ar', 'رفع صورة', 'لم يُختر ملف'],
  ] as const)('speaks the page’s language, never the browser’s file box (%s)', async (lang, button, none) => {
    act(() => useLocaleStore.getState().setLanguage(lang));
    const { container } = renderField({ name: 'hero.image', kind: 'photo' }, '');
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    // The browser's own box ("Choose File / No file chosen", in the browser's language) is out of sight and out of the tab order.
    expect(input).toHaveClass('visually-hidden');
    expect(input).toHaveAttribute('tabindex', '-1');
    const open = vi.spyOn(input, 'click');
    const choose = screen.getByRole('button', { name: button });
    expect(choose).toHaveAccessibleDescription(none);
    const user = userEvent.setup();
    await user.click(choose);
    expect(open).toHaveBeenCalled();
    await user.upload(input, new File(['jpeg'], 'نيل-giza.jpg', { type: 'image/jpeg' }));
    expect(screen.getByTestId('photo-chosen')).toHaveTextContent('نيل-giza.jpg');
    expect(choose).toHaveAccessibleDescription('نيل-giza.jpg');
  });
});

describe('an opening-hours field', () => {
  it.each([
    ['en', 'Times are Cairo time, on the 24-hour clock.', 'Monday: Opens (Cairo time)', 'Monday: Closes (Cairo time)'],
    ['ar', 'الأوقات بتوقيت القاهرة، بنظام ٢٤ ساعة.', 'الاثنين: يفتح (بتوقيت القاهرة)', 'الاثنين: يغلق (بتوقيت القاهرة)'],
  ] as const)('says its times are Cairo time (%s)', (lang, hint, opens, closes) => {
    act(() => useLocaleStore.getState().setLanguage(lang));
    renderField({ name: 'opening_hours', kind: 'hours' }, [{ day: 1, open: '09:00', close: '17:00' }]);
    const group = screen.getByRole('group');
    expect(group).toHaveAccessibleDescription(hint);
    expect(within(group).getByRole('textbox', { name: opens })).toHaveValue('09:00');
    expect(within(group).getByRole('textbox', { name: closes })).toHaveValue('17:00');
  });
});

describe("an offer's code_private field", () => {
  it.each([
    ['en', 'Code handed out privately (not shown on the site)', /not advertised on the site at all/],
    ['ar', 'رمز يُعطى بشكل خاص (لا يظهر على الموقع)', /لا يُعلن عن العرض على الموقع/],
  ] as const)('is a checkbox that says what it does to the site (%s)', (lang, label, hint) => {
    act(() => useLocaleStore.getState().setLanguage(lang));
    const spec = KINDS.offer.fields.find((f) => f.name === 'code_private');
    if (!spec) throw new Error('the offer form has no code_private field');
    expect(spec.when?.({ promo_code: '' })).toBe(false);
    expect(spec.when?.({ promo_code: 'WINTER10' })).toBe(true);
    renderField(spec, false);
    const box = screen.getByRole('checkbox', { name: label });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(hint);
  });
});

// What an Arabic keyboard types (١٢, ١٢٫٥) is a number like any other: read with Western digits, never dropped.
describe('an admin number field', () => {
  function Held({ spec, seen }: { spec: FieldSpec; seen: (v: unknown) => void }) {
    const [value, setValue] = useState<unknown>('');
    return (
      <RecordField
        spec={spec}
        value={value}
        errors={{}}
        onChange={(v) => {
          setValue(v);
          seen(v);
        }}
      />
    );
  }

  it.each([
    ['a price', KINDS.rate.fields.find((f) => f.name === 'price_per_km'), '١٢٫٥', '12.5', '12.5'],
    ['a count of seats', KINDS.driver.fields.find((f) => f.name === 'seats'), '١٢', '12', 12],
    ['a count in Persian digits', KINDS.driver.fields.find((f) => f.name === 'seats'), '۷', '7', 7],
  ] as const)('takes %s typed in Arabic-Indic digits', async (_what, spec, typed, shown, held) => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    if (!spec) throw new Error('no such field');
    const seen = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Held spec={spec} seen={seen} />
      </QueryClientProvider>,
    );
    const box = screen.getByRole('textbox');
    await userEvent.setup().type(box, typed);
    expect(box).toHaveValue(shown);
    expect(seen).toHaveBeenLastCalledWith(held);
  });
});
