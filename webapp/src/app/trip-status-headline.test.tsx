import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';

function serve(tripStatus: string) {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/tripstatus') return Promise.resolve(json(200, { data: { trip_number: 'MSH-5KWDQN', status: 'confirmed', timeline: [] } }));
    if (url.pathname === '/api/trips/MSH-5KWDQN/progress') {
      return Promise.resolve(json(200, { data: { order_id: 'MSH-5KWDQN', status: tripStatus, stop: 0, stops: ['Pyramids'], steps: [], driver: null, class: null, version: 2 } }));
    }
    return Promise.resolve(json(404, { message: 'Not found' }));
  });
}

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));
afterEach(() => vi.unstubAllGlobals());

describe('a visitor looking up a booked trip', () => {
  it.each([
    ['en', 'started', 'Driver on the way'],
    ['ar', 'started', 'السائق في الطريق'],
    ['en', 'unassigned', 'Confirmed'],
  ])('(%s) reads the trip’s step (%s) as its status: “%s”', async (lang, tripStatus, want) => {
    serve(tripStatus);
    act(() => useLocaleStore.getState().setLanguage(lang as 'en' | 'ar'));
    renderApp('/tripstatus');
    const form = (await screen.findByRole('button', { name: lang === 'en' ? 'Check status' : 'تحقّق من الحالة' })).closest('form')!;
    const [number, email] = within(form).getAllByRole('textbox');
    await userEvent.type(number!, 'MSH-5KWDQN');
    await userEvent.type(email!, 'guest@example.com');
    await userEvent.click(within(form).getByRole('button'));
    await screen.findByTestId('trip-progress');
    await waitFor(() => expect(screen.getByTestId('trip-status').querySelector('.status-card__status')).toHaveTextContent(want));
  });
});
