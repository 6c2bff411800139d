import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type * as liveModule from '@/lib/live';
import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

// The live channel, connected from the start (so the screens' timers are the slow ones, two minutes:
// only a notice can refresh them within the test), and the notices the test sends on it.
const channel = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const live = {
    start: () => undefined,
    stop: () => undefined,
    refreshCredentials: () => undefined,
    subscribe: (event: string, handler: (payload: unknown) => void) => {
      const set = handlers.get(event) ?? new Set();
      handlers.set(event, set);
      set.add(handler);
      return () => void set.delete(handler);
    },
    join: () => () => undefined,
    onJoined: () => () => undefined,
    onStatus: () => () => undefined,
    request: () => Promise.reject(new Error('not in this test')),
    status: 'connected',
  };
  const send = (event: string, payload: unknown) => {
    for (const handler of handlers.get(event) ?? []) handler(payload);
  };
  return { live, send };
});

vi.mock('@/lib/live', async (importOriginal) => ({ ...(await importOriginal<typeof liveModule>()), live: channel.live as unknown as liveModule.Live }));

const send = (event: liveModule.LiveEventName, payload: unknown) => act(() => channel.send(event, payload));

const admin = { id: '9', first_name: 'Hoda', last_name: 'Fahmy', email: 'admin@example.com', phone_number: null, role: 'admin' };

const refund = {
  id: '6d1b3a0e-3f0c-4c55-9d0e-6a2f4f1c9b17',
  kind: 'orders.refund',
  payload: { order_id: 'MSH-ABC234', refund_id: 'r-1' },
  status: 'failed',
  attempts: 1,
  last_error: 'the provider refused',
  created_at: '2026-11-23T08:05:00Z',
};

/** The server: the refund is stuck while `stuck` says so; it counts the reads of the two lists. */
function serve() {
  const state = { stuck: false, attentionReads: 0, jobReads: 0 };
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', (input: string) => {
    const path = new URL(input, 'http://app.test').pathname;
    if (path === '/api/me') return json({ data: admin });
    if (path === '/api/auth/getadmin') return json(admin);
    if (path === '/api/admin/dashboard') return json({ trips_today: 0, open_orders: 0, pending_enquiries: 0, revenue_month: 0 });
    if (path === '/api/admin/dashboard/attention') {
      state.attentionReads += 1;
      const items = state.stuck ? [{ kind: 'stuck_step', order_id: 'MSH-ABC234', since: refund.created_at, step_id: refund.id, step_kind: refund.kind, attempts: 1 }] : [];
      return json({ time_zone: 'Africa/Cairo', tomorrow: '2026-11-24', items });
    }
    if (path === '/api/admin/jobs') {
      state.jobReads += 1;
      const stuck = state.stuck ? [refund] : [];
      return json({ data: { counts: { pending: 0, stuck: 0, failed: stuck.length }, stuck } });
    }
    return json({ message: 'Forbidden' }, 403);
  });
  return state;
}

const quietFor = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

beforeEach(() => {
  act(() => useLocaleStore.getState().setLanguage('en'));
  setTestSession(admin);
});
afterEach(() => vi.unstubAllGlobals());

describe('a process step that gets stuck, while the screens are open', () => {
  it('shows on the dashboard, in the queue and the figure, on the steps.changed notice, and leaves it on the next', async () => {
    const server = serve();
    renderApp('/admin/dashboard');
    expect(await screen.findByTestId('attention-empty')).toBeInTheDocument();
    expect(await screen.findByTestId('stuck-jobs-stat')).toHaveAttribute('data-count', '0');

    // The step is stuck on the server, but nothing said so: the screen keeps what it has.
    server.stuck = true;
    const reads = server.attentionReads;
    await quietFor(800);
    expect(server.attentionReads).toBe(reads);

    send('steps.changed', { id: refund.id, kind: refund.kind, stuck: true });
    const item = await screen.findByRole('link', { name: /Process step stuck/ });
    expect(item).toHaveAttribute('href', '/admin/process-steps');
    await waitFor(() => expect(screen.getByTestId('stuck-jobs-stat')).toHaveAttribute('data-count', '1'));

    // Retried by an admin, and done: it leaves both.
    server.stuck = false;
    send('steps.changed', { id: refund.id, kind: refund.kind, stuck: false });
    expect(await screen.findByTestId('attention-empty')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('stuck-jobs-stat')).toHaveAttribute('data-count', '0'));
  });

  it('shows on the process-steps screen on the notice, one read for a burst of them', async () => {
    const server = serve();
    renderApp('/admin/process-steps');
    expect(await screen.findByText('Nothing is stuck')).toBeInTheDocument();
    const reads = server.jobReads;

    server.stuck = true;
    // A provider outage makes many steps stuck at once: the screen reads the list once for them.
    for (let i = 0; i < 10; i += 1) send('steps.changed', { id: `${i}`, kind: refund.kind, stuck: true });
    expect(await screen.findByTestId(`job-${refund.id}`)).toHaveTextContent('the provider refused');
    await quietFor(800);
    expect(server.jobReads).toBe(reads + 1);
  });
});
