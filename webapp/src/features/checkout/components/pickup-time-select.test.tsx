import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

import { PickupTimeSelect } from './pickup-time-select';

beforeEach(() => {
  act(() => useLocaleStore.getState().setLanguage('en'));
});

describe('the pickup-time picker', () => {
  it('says the times could not be loaded, not that none fits, and asks again on Try again', async () => {
    const retry = vi.fn();
    render(<PickupTimeSelect date="2026-12-10" pickup={undefined} loading={false} failed onRetry={retry} />);

    expect(screen.getByTestId('pickup-times-failed')).toHaveTextContent("We couldn't load the pickup times for this day");
    expect(screen.queryByTestId('no-pickup-time')).toBeNull();
    expect(screen.getByTestId('pickup-time')).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('keeps the times it has for the day when asking again fails', () => {
    const day = { date: '2026-12-10', status: 'available' as const, times: [{ time: '09:00' }] };
    render(<PickupTimeSelect date="2026-12-10" pickup={day} loading={false} failed onRetry={() => undefined} />);

    expect(screen.queryByTestId('pickup-times-failed')).toBeNull();
    expect(screen.getByTestId('pickup-time')).toBeEnabled();
  });

  it('says it in Arabic', () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    render(<PickupTimeSelect date="2026-12-10" pickup={undefined} loading={false} failed onRetry={() => undefined} />);

    expect(screen.getByTestId('pickup-times-failed')).toHaveTextContent('تعذّر تحميل مواعيد الانطلاق لهذا اليوم');
  });
});
