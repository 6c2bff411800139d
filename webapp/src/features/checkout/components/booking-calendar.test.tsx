import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import type { CalendarDay } from '../api/get-calendar';
import { BookingCalendar, cairoToday, weekdayHeaders } from './booking-calendar';

const calendar = vi.hoisted(() => ({ days: [] as CalendarDay[], forCart: [] as boolean[], exchangeOf: [] as Array<string | undefined> }));
vi.mock('../api/get-calendar', () => ({
  useCalendar: (_from: string, _days: number, _enabled: boolean, forCart: boolean, exchangeOf?: string) => {
    calendar.forCart.push(forCart);
    calendar.exchangeOf.push(exchangeOf);
    return { isPending: false, data: calendar.days };
  },
}));

function renderCalendar(disabled = false, value = '', forCart = false) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <input aria-label="Before" />
      <BookingCalendar value={value} onChange={() => undefined} disabled={disabled} forCart={forCart} />
      <input aria-label="After" />
    </QueryClientProvider>,
  );
}

/** This Cairo month's day `n` (the calendar opens on the current month). */
function day(n: number): string {
  return `${cairoToday().slice(0, 8)}${String(n).padStart(2, '0')}`;
}

function status(n: number, value: CalendarDay['status'], reason?: string): CalendarDay {
  return { date: day(n), status: value, capacity: 3, taken: value === 'blocked' ? 3 : 0, ...(reason ? { reason } : {}) };
}

beforeEach(() => {
  calendar.days = [];
  calendar.forCart = [];
  calendar.exchangeOf = [];
  act(() => useLocaleStore.getState().setLanguage('en'));
});

describe('the booking calendar', () => {
  it("asks for the cart's days and offers no day at which no pickup time fits the trip, saying why", () => {
    calendar.days = [status(2, 'available'), { ...status(3, 'blocked', 'no_start_fits'), taken: 0 }];
    renderCalendar(false, '', true);
    expect(calendar.forCart).toContain(true);
    const unfit = screen.getByRole('button', { name: /No pickup time fits your trip$/ });
    expect(unfit).toBeDisabled();
    expect(unfit).toHaveAttribute('data-date', day(3));
    expect(screen.getByRole('button', { name: /: Available$/ })).toBeEnabled();
    expect(screen.getAllByText('No pickup time fits your trip').length).toBeGreaterThan(0);
  });

  it("asks for the order's exchange days and offers no day at which no pickup time fits the order's trip, in English and Arabic", () => {
    calendar.days = [status(2, 'available'), { ...status(3, 'blocked', 'no_start_fits'), taken: 0 }];
    for (const [language, label] of [
      ['en', 'No pickup time fits your trip'],
      ['ar', 'لا يناسب رحلتك أي وقت انطلاق'],
    ] as const) {
      act(() => useLocaleStore.getState().setLanguage(language));
      const view = render(
        <QueryClientProvider client={createQueryClient()}>
          <BookingCalendar value={day(2)} ownDay={day(2)} exchangeOf="MSH-ABC123" onChange={() => undefined} />
        </QueryClientProvider>,
      );
      expect(calendar.exchangeOf).toContain('MSH-ABC123');
      const unfit = screen.getByRole('button', { name: new RegExp(`${label}$`) });
      expect(unfit).toBeDisabled();
      expect(unfit).toHaveAttribute('data-date', day(3));
      expect(unfit).toHaveAttribute('data-status', 'blocked');
      // The legend says what the pale day means.
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
      view.unmount();
    }
  });

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

  it('is one stop of the Tab key, entered on the chosen day, with the arrow keys moving over the days that can be chosen', async () => {
    calendar.days = [status(1, 'out_of_range'), status(2, 'available'), status(3, 'blocked', 'full'), status(4, 'available'), status(9, 'available'), status(11, 'available'), status(16, 'available')];
    renderCalendar(false, day(4));
    const chosen = screen.getByRole('button', { pressed: true });
    expect(chosen).toHaveAttribute('data-date', day(4));
    screen.getByLabelText('Before').focus();
    await userEvent.tab(); // the previous month's arrow is disabled on the current month
    expect(screen.getByTestId('calendar-next')).toHaveFocus();
    await userEvent.tab();
    expect(chosen).toHaveFocus();
    // A full day cannot be chosen: the left arrow passes over it.
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toHaveAttribute('data-date', day(2));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('data-date', day(9));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('data-date', day(16));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toHaveAttribute('data-date', day(2));
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toHaveAttribute('data-date', day(16));
    // The next Tab leaves the month, and Shift+Tab comes back to the day it left.
    await userEvent.tab();
    expect(screen.getByLabelText('After')).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toHaveAttribute('data-date', day(16));
  });

  it('moves to the next day with the left arrow in Arabic, where the days run from the right', async () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    calendar.days = [status(2, 'available'), status(4, 'available'), status(5, 'available')];
    renderCalendar();
    screen.getByLabelText('Before').focus();
    await userEvent.tab();
    await userEvent.tab();
    // Nothing chosen yet: the month is entered on its first day that can be chosen.
    expect(document.activeElement).toHaveAttribute('data-date', day(2));
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toHaveAttribute('data-date', day(4));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAttribute('data-date', day(2));
  });
});
