import { useState, type FocusEvent, type KeyboardEvent } from 'react';

const STEPS: Readonly<Record<string, number>> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 7, ArrowUp: -7 };

export interface DayGrid {
  /** 0 for the one day the Tab key enters the grid on, -1 for the others. */
  tabIndexOf: (date: string) => 0 | -1;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * A month's day buttons as one stop of the Tab key, as a date picker is expected to behave (a roving
 * tabindex): Tab enters on the day last focused, else the chosen one, else the first that can be
 * chosen, and the next Tab leaves the month. The arrow keys move between the days that can be chosen
 * (left and right as the page reads, so in Arabic the left arrow is the next day), up and down by a
 * week, Home and End to the month's first and last such day. Without it a month was up to 31 stops.
 *
 * `selectable` are the month's days that can be chosen ("YYYY-MM-DD", in order); each day button
 * carries its date in `data-date`, and the handlers go on the element holding the buttons.
 */
export function useDayGrid(selectable: readonly string[], chosen: string, rtl: boolean): DayGrid {
  const [focused, setFocused] = useState('');
  const stop = [focused, chosen].find((date) => selectable.includes(date)) ?? selectable[0];
  return {
    tabIndexOf: (date) => (date === stop ? 0 : -1),
    onFocus: (event) => {
      const date = event.target.dataset.date;
      if (date) setFocused(date);
    },
    onKeyDown: (event) => {
      const from = event.target instanceof HTMLElement ? event.target.dataset.date : undefined;
      if (!from) return;
      const target = dayAfterKey(selectable, from, event.key, rtl);
      if (target === undefined) return;
      event.preventDefault();
      if (target !== from) event.currentTarget.querySelector<HTMLElement>(`[data-date="${target}"]`)?.focus();
    },
  };
}

/**
 * The day a key moves to from `from`, or undefined for a key that is not the grid's. A step onto a day
 * that cannot be chosen goes on in the same direction; off the month, it stays where it is.
 */
export function dayAfterKey(selectable: readonly string[], from: string, key: string, rtl: boolean): string | undefined {
  if (key === 'Home') return selectable[0] ?? from;
  if (key === 'End') return selectable[selectable.length - 1] ?? from;
  const step = STEPS[key];
  if (step === undefined) return undefined;
  const forward = rtl && Math.abs(step) === 1 ? -step : step;
  const month = from.slice(0, 8);
  for (let day = Number(from.slice(8)) + forward; day >= 1 && day <= 31; day += forward) {
    const date = `${month}${String(day).padStart(2, '0')}`;
    if (selectable.includes(date)) return date;
  }
  return from;
}
