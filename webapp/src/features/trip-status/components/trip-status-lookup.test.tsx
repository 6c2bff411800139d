import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

import type { TripStatus } from '../api/get-trip-status';

import { TripStatusLookup } from './trip-status-lookup';

const status: TripStatus = { trip_number: 'MSH-5KWDQN', status: 'paid', timeline: [{ type: 'OrderPlaced', at: '2026-11-28T10:20:00Z' }, { type: 'OrderHeldAgain', at: '2026-11-29T07:01:00Z' }] };

vi.mock('../api/get-trip-status', () => ({
  useTripStatusLookup: () => ({ isSuccess: true, isError: false, data: status, variables: undefined, mutate: () => undefined }),
}));

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));

describe('the trip status timeline', () => {
  it('says when each thing happened in Cairo time, labelled as such', () => {
    render(
      <MemoryRouter>
        <TripStatusLookup />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('trip-status').querySelector('time')).toHaveTextContent('28 Nov 2026, 12:20 (Cairo time)');
  });

  it('labels it in Arabic too', () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    render(
      <MemoryRouter>
        <TripStatusLookup />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('trip-status').querySelector('time')).toHaveTextContent(/١٢:٢٠.*\(بتوقيت القاهرة\)$/);
  });

  it('names every event in words, as the order page does, never by its type', () => {
    render(
      <MemoryRouter>
        <TripStatusLookup />
      </MemoryRouter>,
    );
    const timeline = screen.getByTestId('trip-status-timeline');
    expect(timeline).toHaveClass('timeline');
    expect([...timeline.querySelectorAll('.timeline__what')].map((what) => what.textContent)).toEqual(['Order placed', 'Car held again for payment']);
  });
});
