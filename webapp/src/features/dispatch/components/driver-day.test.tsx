import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import type * as TripsModule from '../api/trips';
import type { Trip } from '../api/trips';

let trips: Trip[] = [];
vi.mock('../api/trips', async (importActual) => ({
  ...(await importActual<typeof TripsModule>()),
  useDriverTrips: () => ({ data: trips, isError: false }),
}));
vi.mock('./share-location', () => ({ ShareLocation: () => null }));

import { DriverDay } from './driver-day';

const trip = (over: Partial<Trip>): Trip => ({
  order_id: 'MSH-AAAAAA',
  day: '2026-11-18',
  start_at: '2026-11-18T07:00:00Z',
  customer: 'Omar Fathy',
  phone: '+201001234567',
  pickup: 'Nile Hotel',
  pickup_ar: 'فندق النيل',
  stops: ['Pyramids', 'Museum'],
  stops_ar: ['الأهرامات', 'المتحف'],
  order_status: 'confirmed',
  status: 'assigned',
  stop: 0,
  steps: [],
  next_step: 'start',
  version: 1,
  ...over,
});

// The tester's day at 13:35 in Cairo: the 09:00 trip runs, the 15:30 one waits for it.
const morning = trip({ order_id: 'MSH-AAAAAA', status: 'picked_up', next_step: 'arrive', next_stop: 1 });
const afternoon = trip({ order_id: 'MSH-S5M3NV', start_at: '2026-11-18T13:30:00Z', finish_first: 'MSH-AAAAAA' });
// A trip Samir took over from Karim at the first stop, after a flat tyre.
const handedOver = trip({
  order_id: 'MSH-HHHHHH',
  status: 'at_stop',
  stop: 1,
  next_step: 'arrive',
  next_stop: 2,
  handover: { from: 'Karim Adel', from_ar: 'كريم عادل', reason: 'flat tyre on the ring road', at: '2026-11-18T10:40:00Z' },
  steps: [
    { type: 'DriverAssigned', driver: 'Karim Adel', at: '2026-11-17T10:00:00Z' },
    { type: 'TripStarted', at: '2026-11-18T07:00:00Z' },
    { type: 'TravellersPickedUp', at: '2026-11-18T08:00:00Z' },
    { type: 'ArrivedAtStop', stop: 1, name: 'Pyramids', at: '2026-11-18T09:00:00Z' },
    { type: 'TripHandedOver', driver: 'Samir Nabil', at: '2026-11-18T10:40:00Z' },
  ],
});

function renderDay(language: 'en' | 'ar') {
  act(() => useLocaleStore.getState().setLanguage(language));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <DriverDay isDriver />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-18T11:35:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('the driver’s day', () => {
  it.each([
    ['en', 'Finish'],
    ['ar', 'أنهِ الرحلة'],
  ] as const)('disables the start of a trip waiting for the running one and names the trip to finish first (%s)', (language, words) => {
    trips = [morning, afternoon];
    renderDay(language);
    const waiting = within(screen.getByTestId('driver-trip-MSH-S5M3NV'));
    expect(waiting.getByTestId('next-step')).toBeDisabled();
    expect(waiting.getByTestId('finish-first')).toHaveTextContent(words);
    expect(waiting.getByTestId('finish-first')).toHaveTextContent('MSH-AAAAAA');
    expect(waiting.getByTestId('next-step')).toHaveAttribute('aria-describedby', 'finish-first-MSH-S5M3NV');
    const running = within(screen.getByTestId('driver-trip-MSH-AAAAAA'));
    expect(running.getByTestId('next-step')).toBeEnabled();
    expect(running.queryByTestId('finish-first')).toBeNull();
  });

  it('tells the driver who took a trip over whose it was, why and where it had reached', () => {
    trips = [handedOver];
    renderDay('en');
    const note = within(screen.getByTestId('driver-trip-MSH-HHHHHH')).getByTestId('handed-to-you');
    expect(note).toHaveTextContent('Handed to you on the road from');
    expect(note).toHaveTextContent('Karim Adel');
    expect(within(note).getByTestId('handover-reason')).toHaveTextContent('flat tyre on the ring road');
    expect(within(note).getByTestId('handover-reached')).toHaveTextContent('At stop 1: Pyramids');
  });

  it('says it in Arabic, with the former driver’s and the stop’s Arabic names', () => {
    trips = [handedOver];
    renderDay('ar');
    const note = screen.getByTestId('handed-to-you');
    expect(note).toHaveTextContent('كريم عادل');
    expect(within(note).getByTestId('handover-reached')).toHaveTextContent('الأهرامات');
  });

  it('says nothing of a hand-over on a trip assigned to the driver from the start', () => {
    trips = [afternoon];
    renderDay('en');
    expect(screen.queryByTestId('handed-to-you')).toBeNull();
  });

  it.each([
    ['en', 'Drop-off: Airport Terminal 3', /^Due back by 15:30 \(Cairo time\)$/],
    ['ar', 'نقطة النزول: مطار القاهرة مبنى ٣', /^العودة قبل .*٣:٣٠.* \(بتوقيت القاهرة\)$/],
  ] as const)('says where the trip ends and when it is due back, in Cairo time, on the card and before the driver ends it (%s)', (language, place, due) => {
    trips = [trip({ status: 'at_stop', stop: 2, next_step: 'complete', end: 'Airport Terminal 3', end_ar: 'مطار القاهرة مبنى ٣', end_at: '2026-11-18T13:30:00Z' })];
    renderDay(language);
    const end = within(screen.getByTestId('driver-trip-MSH-AAAAAA')).getByTestId('trip-end');
    expect(end).toHaveTextContent(place);
    expect(end.lastElementChild?.textContent).toMatch(due);
  });
});
