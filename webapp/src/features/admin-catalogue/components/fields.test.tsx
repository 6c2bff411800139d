import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import type { FieldSpec } from '../kinds';

import { RecordField } from './fields';

function renderField(spec: FieldSpec, value: unknown) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RecordField spec={spec} value={value} errors={{}} onChange={() => {}} />
    </QueryClientProvider>,
  );
}

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
