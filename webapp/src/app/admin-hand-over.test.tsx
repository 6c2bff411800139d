import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

const admin = { id: '1', first_name: 'Amal', last_name: 'Said', email: 'admin@example.com', phone_number: null, role: 'admin' };
const day = '2026-12-01';

const trip = (driver: { id: string; name: string }, handover?: { from: string; reason: string; at: string }) => ({
  order_id: 'MSH-AAAAAA',
  day,
  start_at: '2026-12-01T08:00:00Z',
  customer: 'Mona Zaki',
  phone: '+201001234567',
  pickup: 'Nile Hotel',
  stops: ['Pyramids', 'Museum'],
  order_status: 'confirmed',
  status: 'picked_up',
  stop: 0,
  driver: { ...driver, phone: '+20100', vehicle: 'Sedan', plate: 'ABC' },
  ...(handover ? { handover } : {}),
  steps: [],
  version: 3,
});

const boardDriver = (id: string, name: string, works = true) => ({ id, name, phone: '+20100', vehicle: 'Sedan', plate: 'ABC', trips_per_day: 2, works_that_day: works, trips: 0 });

function serve() {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const sent: unknown[] = [];
  const keys: Array<string | null> = [];
  let handedOver = false;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/me') return Promise.resolve(json(200, { data: admin }));
    if (url.pathname === '/api/auth/getadmin') return Promise.resolve(json(200, admin));
    if (url.pathname === '/api/admin/trips') {
      const current = handedOver
        ? trip({ id: 'd3', name: 'Samir' }, { from: 'Karim', reason: 'Flat tyre', at: '2026-12-01T09:20:00Z' })
        : trip({ id: 'd1', name: 'Karim' });
      return Promise.resolve(json(200, { data: [current], drivers: [boardDriver('d1', 'Karim'), boardDriver('d2', 'Mina'), boardDriver('d3', 'Samir'), boardDriver('d4', 'Off', false)], date: day }));
    }
    if (url.pathname === '/api/admin/trips/MSH-AAAAAA/handover') {
      const body = JSON.parse(init?.body as string) as { driver_id: string; reason: string };
      sent.push(body);
      keys.push(new Headers(init?.headers).get('Idempotency-Key'));
      if (body.driver_id === 'd2') return Promise.resolve(json(409, { message: 'This driver already has trip MSH-BBBBBB from 10:00 to 14:00 (Cairo time) that day.' }));
      handedOver = true;
      return Promise.resolve(json(200, { data: trip({ id: 'd3', name: 'Samir' }) }));
    }
    return Promise.resolve(json(200, { data: [] }));
  });
  return { sent, keys };
}

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));
afterEach(() => vi.unstubAllGlobals());

describe('handing a trip on the road to another driver', () => {
  it('asks for a driver at work and a reason, shows a refusal in the dialog, and then the board says from whom and why', async () => {
    const { sent, keys } = serve();
    setTestSession(admin);
    renderApp(`/admin/trip?date=${day}`);
    const row = await screen.findByTestId('trip-MSH-AAAAAA');
    // A trip on the road is not unassigned: it is handed over.
    expect(within(row).queryByTestId('unassign')).toBeNull();
    await userEvent.click(within(row).getByTestId('hand-over'));
    const dialog = await screen.findByRole('alertdialog');
    const choices = within(within(dialog).getByTestId('hand-over-driver')).getAllByRole('option').map((o) => o.textContent);
    // Neither the driver who has it nor one off that day is offered.
    expect(choices.some((c) => c.startsWith('Karim'))).toBe(false);
    expect(choices.some((c) => c.startsWith('Off'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(within(dialog).getByText('Choose the driver who goes on with the trip.')).toBeInTheDocument();
    expect(within(dialog).getByText('Say why the trip goes to another driver.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.selectOptions(within(dialog).getByTestId('hand-over-driver'), 'd2');
    await userEvent.type(within(dialog).getByTestId('hand-over-reason'), 'Flat tyre');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(await within(dialog).findByTestId('hand-over-refusal')).toHaveTextContent('already has trip MSH-BBBBBB');

    await userEvent.selectOptions(within(dialog).getByTestId('hand-over-driver'), 'd3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(sent).toEqual([
      { driver_id: 'd2', reason: 'Flat tyre' },
      { driver_id: 'd3', reason: 'Flat tyre' },
    ]);
    // Another choice after a refusal is another action: its own key, never the refused one's (which
    // the server binds to the first body and refuses with any other).
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBeTruthy();
    expect(keys[1]).not.toBe(keys[0]);
    const note = await within(await screen.findByTestId('trip-MSH-AAAAAA')).findByTestId('handover-note');
    expect(note).toHaveTextContent(/Handed over from .*Karim.* at .* \(Cairo time\): Flat tyre/);
  });
});
