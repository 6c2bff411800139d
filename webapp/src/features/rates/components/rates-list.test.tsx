import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { RatesList } from './rates-list';

beforeEach(() => {
  vi.stubGlobal('fetch', () =>
    Promise.resolve(
      new Response(
        JSON.stringify({
          data: [
            { id: 'sedan', name: 'Economy sedan', seats: 4, price_per_km: 10, waiting_per_hour: 50 },
            { id: 'old', name: 'Classic', price_per_km: 12, waiting_per_hour: 60 },
          ],
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => useLocaleStore.getState().setLanguage('en'));
});

describe('the rates page', () => {
  it.each([
    ['en', 'Up to 4 travellers'],
    ['ar', 'حتى ٤ مسافرين'],
  ] as const)('says how many travellers each car seats, where the catalogue says it (%s)', async (language, seats) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RatesList />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('rate-seats')).toHaveTextContent(seats);
    expect(screen.getAllByTestId('rate-seats')).toHaveLength(1);
  });
});
