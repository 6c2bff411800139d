import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { setTestSession } from '@/testing/session';

import { CheckoutRoute } from './routes/booking';

// A trip longer than the day plan fits no start on any day: the calendar offers no day, so the
// checkout must say why and what to do before a day is chosen, and Pay must say it is refused.
const traveller = { id: '7', first_name: 'Mona', last_name: 'Zaki', email: 'mona@example.com', phone_number: null, role: 'user' };
const stop = (id: string, name: string) => ({ id, destination_id: `d${id}`, destination: { id: `d${id}`, name, coordinates: { lat: 30, lng: 31.2 } } });
const dayFit = {
  fits: false,
  misfit: 'longer_than_day_plan',
  reason: 'The trip takes 11 h 20 min; a day plan is 8 hours.',
  message: 'This trip is longer than one day.',
  suggestion: 'Move the stops from Giza Pyramids on to a second trip.',
};

beforeEach(() => {
  setTestSession(traveller);
  const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/me') return json({ data: traveller });
    if (url.pathname === '/api/auth/cart') {
      return json({ data: [stop('1', 'Citadel'), stop('2', 'Giza Pyramids')], trip_calculations: { rate_calculations: [], day_fit: dayFit }, version: 3 });
    }
    return json({ data: [] });
  });
});
afterEach(() => {
  setTestSession(null);
  vi.unstubAllGlobals();
});

describe('checkout of a trip longer than the day plan', () => {
  it('says why and what to do before any day is chosen, and Pay is refused with the reason', async () => {
    render(
      <AppProvider queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/checkout']}>
          <CheckoutRoute />
        </MemoryRouter>
      </AppProvider>,
    );
    const notice = await screen.findByTestId('day-fit');
    expect(notice).toHaveAttribute('data-misfit', 'longer_than_day_plan');
    expect(screen.getByTestId('day-fit-suggestion')).toHaveTextContent('Move the stops from Giza Pyramids on to a second trip.');
    expect(await screen.findByTestId('pay-blocked')).toHaveTextContent('This trip is longer than one day.');
    expect(screen.getByTestId('pay')).toBeDisabled();
  });
});
