import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

import type { TripProgress } from '../api/progress';

import { ProgressView } from './trip-progress';

const progress: TripProgress = {
  order_id: 'MSH-7K3Q9P',
  status: 'assigned',
  stop: 0,
  stops: ['Pyramids of Giza', 'Egyptian Museum'],
  steps: [
    { type: 'DriverAssigned', driver: 'Karim Adel', at: '2026-11-28T10:36:00Z' },
    { type: 'TripStarted', at: '2026-11-29T07:05:00Z' },
  ],
  driver: { name: 'Karim Adel', name_ar: 'كريم عادل', phone: '+201001112223', vehicle: 'Toyota Corolla', vehicle_ar: 'تويوتا كورولا', plate: 'ABC 123' },
  class: null,
  version: 2,
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-29T08:00:00Z'));
  act(() => useLocaleStore.getState().setLanguage('en'));
});
afterEach(() => vi.useRealTimers());

describe("the traveller's live steps", () => {
  it('say the date of a step taken on another day, and only the time of one taken today, in Cairo time', () => {
    render(<ProgressView progress={progress} />);
    const times = [...document.querySelectorAll('.timeline__when')].map((node) => node.textContent);
    expect(times[0]).toMatch(/28 Nov 2026.*12:36.*Cairo time/);
    expect(times[1]).not.toMatch(/Nov/);
    expect(times[1]).toMatch(/09:05.*Cairo time/);
  });

  it('name the driver and the car in Arabic on an Arabic page, separated by Arabic commas', () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    render(<ProgressView progress={progress} />);
    // A middle dot beside Arabic text and digits reads as a zero. A Latin plate shows as typed.
    expect(screen.getByTestId('trip-driver')).toHaveTextContent(/كريم عادل، تويوتا كورولا، ABC 123/);
    expect(screen.getByTestId('trip-driver')).not.toHaveTextContent('·');
  });
});
