import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';
import { addDays, cairoToday } from '@/utils/cairo-day';

const driver = { id: 'd1', first_name: 'Karim', last_name: 'Adel', email: 'karim@example.com', phone_number: null, role: 'driver' };

const trip = (id: string, day: string, startAt: string, extra: Record<string, unknown> = {}) => ({
  order_id: id,
  day,
  start_at: startAt,
  customer: 'Mona Zaki',
  phone: '+201001234567',
  pickup: 'Nile Hotel',
  stops: ['Pyramids', 'Museum'],
  order_status: 'confirmed',
  status: 'assigned',
  stop: 0,
  steps: [],
  next_step: 'start',
  version: 2,
  ...extra,
});

/** The driver's trips as the server lists them, one answer per request (the last one repeated). */
function serve(answers: unknown[][], step?: { status: number; message: string }, notifications: unknown[] = []) {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  let asked = 0;
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/me') return Promise.resolve(json(200, { data: driver }));
    if (url.pathname === '/api/driver/trips') {
      const answer = answers[Math.min(asked, answers.length - 1)];
      asked += 1;
      return Promise.resolve(json(200, { data: answer }));
    }
    if (url.pathname === '/api/notifications') return Promise.resolve(json(200, { data: notifications, unread: notifications.length, read_up_to: 0 }));
    if (url.pathname.endsWith('/progress') && step) return Promise.resolve(json(step.status, { message: step.message }));
    return Promise.resolve(json(200, { data: [] }));
  });
  setTestSession(driver);
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => useLocaleStore.getState().setLanguage('en'));
});

describe('the driver’s trips', () => {
  it('come under a heading per day, today and tomorrow by name, and a trip not yet startable says from when', async () => {
    const today = cairoToday();
    const tomorrow = addDays(today, 1);
    const inAnHour = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const later = new Date(Date.now() + 26 * 60 * 60 * 1000);
    serve([
      [
        trip('MSH-AAAAAA', today, inAnHour, { starts_from: new Date(Date.now() - 60_000).toISOString() }),
        trip('MSH-BBBBBB', tomorrow, later.toISOString(), { starts_from: new Date(later.getTime() - 2 * 60 * 60 * 1000).toISOString() }),
      ],
    ]);
    renderApp('/driver');
    const headings = await screen.findAllByTestId('driver-day-heading');
    expect(headings.map((h) => h.textContent)).toEqual([expect.stringMatching(/^Today, /), expect.stringMatching(/^Tomorrow, /)]);

    const now = screen.getByTestId('driver-trip-MSH-AAAAAA');
    expect(within(now).getByTestId('next-step')).toBeEnabled();
    expect(within(now).queryByTestId('starts-from')).toBeNull();

    const tomorrowsTrip = screen.getByTestId('driver-trip-MSH-BBBBBB');
    expect(within(tomorrowsTrip).getByTestId('next-step')).toBeDisabled();
    expect(within(tomorrowsTrip).getByTestId('starts-from')).toHaveTextContent(/^You can start this trip from .+ \(Cairo time\)\.$/);
  });

  it('says, in Arabic too, when a trip left the list while the page was open, until the driver dismisses it', async () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    const today = cairoToday();
    const onTheRoad = trip('MSH-AAAAAA', today, new Date().toISOString(), { status: 'picked_up', next_step: 'arrive', next_stop: 1 });
    // The office handed the trip over: the driver's next step is refused, and the list comes back without it.
    const handed = { id: 2, kind: 'trip_taken_away', order_id: 'MSH-AAAAAA', params: {}, at: new Date().toISOString(), read: false };
    serve([[onTheRoad], []], { status: 403, message: 'هذه الرحلة مسندة إلى سائق آخر.' }, [handed]);
    renderApp('/driver');
    const card = await screen.findByTestId('driver-trip-MSH-AAAAAA');
    await userEvent.click(within(card).getByTestId('next-step'));

    const notice = await screen.findByTestId('trips-taken-away');
    expect(notice).toHaveTextContent('لم تعد على قائمتك:');
    expect(await within(notice).findByText('\u2068MSH-AAAAAA\u2069: سُلِّمت إلى سائق آخر.')).toBeInTheDocument();
    expect(screen.getByText('لا توجد رحلات مسندة إليك.')).toBeInTheDocument();
    await userEvent.click(within(notice).getByRole('button', { name: 'حسنًا' }));
    expect(screen.queryByTestId('trips-taken-away')).toBeNull();
  });

  it('says the traveller moved a trip to another day, not that the office gave it to another driver', async () => {
    const tomorrow = addDays(cairoToday(), 1);
    const assigned = trip('MSH-BBBBBB', tomorrow, new Date(Date.now() + 26 * 60 * 60 * 1000).toISOString());
    const moved = { id: 3, kind: 'trip_moved_away', order_id: 'MSH-BBBBBB', params: { day: '2026-12-04', by: 'traveller' }, at: new Date().toISOString(), read: false };
    serve([[assigned], []], undefined, [moved]);
    const { queryClient } = renderApp('/driver');
    await screen.findByTestId('driver-trip-MSH-BBBBBB');
    // The list changes live (the trip moved): the page asks again and the trip is gone.
    await act(() => queryClient.invalidateQueries({ queryKey: ['dispatch', 'driver'] }));
    const notice = await screen.findByTestId('trips-taken-away');
    expect(await within(notice).findByTestId('trip-left-MSH-BBBBBB')).toHaveTextContent('MSH-BBBBBB\u2069: the traveller moved it to Friday 4 December.');
    expect(notice).not.toHaveTextContent(/another driver/);
  });
});
