import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SETTLE_MS } from '@/hooks/use-settled-select';
import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { sampleCart } from '../utils/sample-cart';

import { RoutePointsPicker } from './route-points-picker';

// Every choice of the trip's start is saved (PUT /api/auth/cart/points) and the trip priced again:
// moving through the closed select with the arrow keys passes over options, and only the one the
// traveller settles on is saved.
const POINTS = [
  { id: 'p1', name: 'Nile Hotel', lat: 30.0444, lng: 31.2357 },
  { id: 'p2', name: 'Ramses Railway Station', lat: 30.0626, lng: 31.2497 },
  { id: 'p3', name: 'Cairo Airport', lat: 30.1219, lng: 31.4056 },
];

let saved: Array<{ start: unknown }>;

beforeEach(() => {
  saved = [];
  act(() => useLocaleStore.getState().setLanguage('en'));
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    if (new URL(input, 'http://app.test').pathname === '/api/auth/cart/points' && init?.method === 'PUT') {
      saved.push(JSON.parse(init.body as string) as { start: unknown });
    }
    return Promise.resolve(new Response(JSON.stringify(sampleCart()), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderPicker() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RoutePointsPicker cart={sampleCart()} pickupPoints={POINTS} savedPlaces={[]} />
    </QueryClientProvider>,
  );
  return screen.getByLabelText('Pickup and return point');
}

/** An arrow key on the closed select, as Chrome sends it: the key, the change it makes, the key up. */
function arrowTo(select: HTMLElement, value: string) {
  fireEvent.keyDown(select, { key: 'ArrowDown' });
  fireEvent.change(select, { target: { value } });
  fireEvent.keyUp(select, { key: 'ArrowDown' });
}

describe('choosing the pickup point in its list', () => {
  it('saves nothing while the arrow keys pass over options, then the one Enter settles on', async () => {
    const select = renderPicker();
    arrowTo(select, 'pickup:p1');
    arrowTo(select, 'pickup:p2');
    arrowTo(select, 'pickup:p3');
    expect(select).toHaveValue('pickup:p3');
    expect(saved).toEqual([]);
    fireEvent.keyDown(select, { key: 'Enter' });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.start).toEqual({ pickup_point_id: 'p3' });
  });

  it('saves the option the keys stopped on when the select is left', async () => {
    const select = renderPicker();
    arrowTo(select, 'pickup:p1');
    arrowTo(select, 'pickup:p2');
    fireEvent.blur(select);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.start).toEqual({ pickup_point_id: 'p2' });
  });

  it('saves the option the keys stopped on after a pause', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const select = renderPicker();
    arrowTo(select, 'pickup:p1');
    arrowTo(select, 'pickup:p2');
    act(() => {
      vi.advanceTimersByTime(SETTLE_MS - 100);
    });
    expect(saved).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    vi.useRealTimers();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.start).toEqual({ pickup_point_id: 'p2' });
  });

  it('saves a choice made with the pointer at once', async () => {
    const select = renderPicker();
    await userEvent.selectOptions(select, 'Cairo Airport');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.start).toEqual({ pickup_point_id: 'p3' });
  });
});
