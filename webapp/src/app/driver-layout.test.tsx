import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

const driver = { id: 'd1', first_name: 'Karim', last_name: 'Adel', email: 'karim@example.com', phone_number: null, role: 'driver' };
const traveller = { ...driver, id: 'u1', first_name: 'Salma', role: 'user' };
const home = { data: { whatsapp_url: '', contact: { phone: '+20227941234', email: '', address: '' }, faq: [], top_programs: [] } };

function serve(user: typeof driver) {
  const requested: string[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://app.test');
    requested.push(url.pathname);
    if (url.pathname === '/api/me') return Promise.resolve(json(200, { data: user }));
    if (url.pathname === '/api/home') return Promise.resolve(json(200, home));
    if (url.pathname === '/api/driver/trips') return Promise.resolve(json(200, { data: [] }));
    return Promise.resolve(json(200, { data: [] }));
  });
  setTestSession(user);
  return requested;
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => useLocaleStore.getState().setLanguage('en'));
});

describe('the driver’s page', () => {
  it('stands in a layout of its own: no shop tab bar, cart or footer; the bell, the office’s phone and the account stay', async () => {
    serve(driver);
    renderApp('/driver');
    expect(await screen.findByText('No trips assigned to you.')).toBeInTheDocument();
    expect(document.querySelector('.tabbar, .site-footer, #cart-drawer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Call the office, +20227941234' })).toHaveAttribute('href', 'tel:+20227941234');
    expect(screen.getByRole('link', { name: 'Mishwar Driver' })).toHaveAttribute('href', '/driver');
  });

  it('tells a traveller who opens it that it is for drivers, in Arabic too, without asking for trips', async () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    const requested = serve(traveller);
    renderApp('/driver');
    expect(await screen.findByText('هذه الصفحة لسائقي مشوار، وحسابك ليس حساب سائق.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'إلى الصفحة الرئيسية' })).toHaveAttribute('href', '/');
    expect(requested).not.toContain('/api/driver/trips');
  });
});
