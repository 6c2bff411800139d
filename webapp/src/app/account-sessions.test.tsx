import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

const traveller = { id: '1', first_name: 'Salma', last_name: 'Hassan', email: 's@example.com', phone_number: null, role: 'user' };

// 08:00 UTC on 1 December is 10:00 in Cairo (UTC+2 in winter), whatever zone the browser is in.
const sessions = [
  { id: 's1', created_at: '2026-11-30T08:00:00Z', last_seen_at: '2026-12-01T08:00:00Z', ip: '127.0.0.1', user_agent: '', current: true },
  { id: 's2', created_at: '2026-11-29T08:00:00Z', last_seen_at: '2026-11-30T19:30:00Z', ip: '', user_agent: 'Firefox on Android', current: false },
];

function serve() {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/me') return Promise.resolve(json(200, { data: traveller }));
    if (url.pathname === '/api/me/sessions') return Promise.resolve(json(200, { data: sessions }));
    return Promise.resolve(json(404, { message: 'Not found' }));
  });
}

beforeEach(() => {
  serve();
  setTestSession(traveller);
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => useLocaleStore.getState().setLanguage('en'));
});

describe('the signed-in devices', () => {
  it('say when each was last active on Cairo’s clock, labelled', async () => {
    renderApp('/account?tab=password');
    expect(await screen.findByText(/Last active 1 Dec 2026, 10:00 \(Cairo time\)/)).toBeInTheDocument();
    expect(screen.getByText(/Last active 30 Nov 2026, 21:30 \(Cairo time\)/)).toBeInTheDocument();
  });

  it('say it in Arabic with Arabic-Indic digits and the Cairo label', async () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    renderApp('/account?tab=password');
    const line = (await screen.findAllByText(/آخر نشاط/))[0]!;
    expect(line).toHaveTextContent(/١٠:٠٠ ص \(بتوقيت القاهرة\)/);
    // The IP address stays in Latin digits; the time and date do not.
    expect(line.textContent.replace('127.0.0.1', '')).not.toMatch(/[0-9]/);
  });
});
