import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

const traveller = { id: '7', first_name: 'Mona', last_name: 'Zaki', email: 'mona@example.com', phone_number: null, role: 'user' };

beforeEach(() => {
  act(() => useLocaleStore.getState().setLanguage('en'));
  vi.stubGlobal('fetch', (input: string) => {
    const path = new URL(input, 'http://app.test').pathname;
    const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
    if (path === '/api/me') return json(200, { data: traveller });
    if (path.startsWith('/api/orders/')) return json(404, { message: 'This order does not exist.' });
    return json(200, { data: [] });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the page a payment returns to', () => {
  it('does not say "payment received" for a trip number the traveller has no order under: only what the payment page reported', async () => {
    setTestSession(traveller);
    renderApp('/payments/MSH-ZZZZZZ?result=success');
    expect(await screen.findByText('The payment page reported that the payment went through')).toBeInTheDocument();
    expect(screen.queryByText('Payment received')).toBeNull();
    expect(screen.getByRole('link', { name: 'Check your trip status' })).toHaveAttribute('href', '/tripstatus?trip=MSH-ZZZZZZ');
  });
});
