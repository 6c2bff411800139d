import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { BookingCalendar, weekdayHeaders } from './booking-calendar';

vi.mock('../api/get-calendar', () => ({ useCalendar: () => ({ isPending: false, data: [] }) }));

function renderCalendar(disabled = false) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <BookingCalendar value="" onChange={() => undefined} disabled={disabled} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  act(() => useLocaleStore.getState().setLanguage('en'));
});

describe('the booking calendar', () => {
  it('heads Arabic columns with one-letter weekday names, each with its full name', () => {
    const headers = weekdayHeaders('ar');
    expect(headers.map((h) => h.short)).toEqual(['ح', 'ن', 'ث', 'ر', 'خ', 'ج', 'س']);
    expect(headers[4]?.full).toBe('الخميس');
  });

  it('heads English columns with short names (Sun … Sat)', () => {
    expect(weekdayHeaders('en').map((h) => h.short)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });

  it('gives assistive technology the full weekday name', () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    renderCalendar();
    expect(screen.getByText('الخميس')).toHaveClass('visually-hidden');
    expect(screen.getByTitle('الجمعة')).toBeInTheDocument();
  });

  it('points the previous-month arrow left in English and right in Arabic (where it sits)', () => {
    const { unmount } = renderCalendar();
    expect(screen.getByTestId('calendar-previous')).toHaveTextContent('‹');
    expect(screen.getByTestId('calendar-next')).toHaveTextContent('›');
    unmount();
    act(() => useLocaleStore.getState().setLanguage('ar'));
    renderCalendar();
    expect(screen.getByTestId('calendar-previous')).toHaveTextContent('›');
    expect(screen.getByTestId('calendar-next')).toHaveTextContent('‹');
  });

  it('tells a screen reader to choose a rate plan first, not that every day is out of range, until one is chosen', () => {
    renderCalendar(true);
    const days = screen.getAllByRole('button', { name: /Choose a rate plan first\.$/ });
    expect(days.length).toBeGreaterThanOrEqual(28);
    expect(screen.queryAllByRole('button', { name: /Out of range$/ })).toHaveLength(0);
  });
});
