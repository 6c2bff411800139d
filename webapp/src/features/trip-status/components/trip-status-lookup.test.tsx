import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

import type { TripStatus } from '../api/get-trip-status';

import { TripStatusLookup } from './trip-status-lookup';

let status: TripStatus;
let variables: { trip_number: string; email: string } | undefined;

vi.mock('../api/get-trip-status', () => ({
  useTripStatusLookup: () => ({ isSuccess: true, isError: false, data: status, variables, mutate: () => undefined }),
}));

beforeEach(() => {
  status = { trip_number: 'MSH-5KWDQN', status: 'paid', timeline: [{ type: 'OrderPlaced', at: '2026-11-28T10:20:00Z' }, { type: 'OrderHeldAgain', at: '2026-11-29T07:01:00Z' }] };
  variables = undefined;
  act(() => useLocaleStore.getState().setLanguage('en'));
});

describe('the live progress under a proven trip', () => {
  const aside = () => <p data-testid="live-progress">live</p>;
  const prove = (tripStatus: string) => {
    status = { ...status, status: tripStatus };
    variables = { trip_number: 'MSH-5KWDQN', email: 'guest@example.com' };
  };

  for (const language of ['en', 'ar'] as const) {
    it.each(['enquiry_submitted', 'enquiry_quoted', 'awaiting_payment', 'payment_failed', 'expired', 'cancelled'])(
      `shows no live progress for a trip that is %s (${language})`,
      (tripStatus) => {
        act(() => useLocaleStore.getState().setLanguage(language));
        prove(tripStatus);
        render(
          <MemoryRouter>
            <TripStatusLookup aside={aside} />
          </MemoryRouter>,
        );
        expect(screen.getByTestId('trip-status')).toBeInTheDocument();
        expect(screen.queryByTestId('live-progress')).not.toBeInTheDocument();
      },
    );

    it.each(['confirmed', 'completed'])(`shows the live progress for a trip that is %s (${language})`, (tripStatus) => {
      act(() => useLocaleStore.getState().setLanguage(language));
      prove(tripStatus);
      render(
        <MemoryRouter>
          <TripStatusLookup aside={aside} />
        </MemoryRouter>,
      );
      expect(screen.getByTestId('live-progress')).toBeInTheDocument();
    });
  }
});

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
