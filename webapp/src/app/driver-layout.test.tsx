import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PHONE_MEDIA_QUERY } from '@/config/constants';
import { i18n } from '@/lib/i18n';
import { useLocaleStore } from '@/stores/locale-store';
import { usePanelsStore } from '@/stores/panels-store';
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

/** The viewport: a phone (the traveller header's breakpoint) or a wide screen. */
function viewport(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query === PHONE_MEDIA_QUERY,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => {
    useLocaleStore.getState().setLanguage('en');
    usePanelsStore.getState().resetAll();
  });
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

describe('the driver’s bar on a phone: its panels are sheets over the page, modal dialogs', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`takes the focus, keeps Tab inside, leaves the page behind inert, and Escape gives the focus back to the bell (${lang})`, async () => {
      act(() => useLocaleStore.getState().setLanguage(lang));
      viewport(true);
      serve(driver);
      const user = userEvent.setup();
      renderApp('/driver');
      const bell = await screen.findByRole('button', { name: i18n.t('panels.notifications', { lng: lang }) });
      await user.click(bell);
      const sheet = screen.getByRole('dialog', { name: i18n.t('panels.notifications', { lng: lang }) });
      expect(sheet).toHaveAttribute('aria-modal', 'true');
      expect(bell).toHaveAttribute('aria-expanded', 'true');
      expect(bell).toHaveAttribute('aria-controls', sheet.id);
      expect(sheet).toContainElement(document.activeElement as HTMLElement);
      // The trips and the bar behind it are out of reach.
      expect(screen.getByRole('main').inert).toBe(true);
      expect(document.querySelector<HTMLElement>('.driver-bar')?.inert).toBe(true);

      for (let i = 0; i < 6; i += 1) {
        await user.tab();
        expect(sheet).toContainElement(document.activeElement as HTMLElement);
      }
      await user.tab({ shift: true });
      expect(sheet).toContainElement(document.activeElement as HTMLElement);

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(bell).toHaveFocus();
      expect(bell).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByRole('main').inert).toBeFalsy();
      expect(document.querySelector<HTMLElement>('.driver-bar')?.inert).toBeFalsy();
    });
  }

  it('closes with its close button, and with a tap outside it, giving the focus back to the button that opened it', async () => {
    viewport(true);
    serve(driver);
    const user = userEvent.setup();
    renderApp('/driver');
    const languages = await screen.findByRole('button', { name: 'Language & currency' });
    await user.click(languages);
    const sheet = screen.getByRole('dialog', { name: 'Language & currency' });
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(languages).toHaveFocus();

    await user.click(languages);
    expect(screen.getByRole('dialog', { name: 'Language & currency' })).toBeInTheDocument();
    // The backdrop over the page: a tap on it lands outside the sheet.
    await user.click(document.querySelector<HTMLElement>('.panel-backdrop') ?? document.body);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(languages).toHaveFocus();
  });

  it('keeps the account a button of the bar (not a tab bar’s tab) that opens a sheet', async () => {
    viewport(true);
    serve(driver);
    const user = userEvent.setup();
    renderApp('/driver');
    const account = await screen.findByRole('button', { name: 'KA, your account' });
    expect(account).toHaveClass('icon-button');
    await user.click(account);
    expect(screen.getByRole('dialog')).toHaveAttribute('aria-modal', 'true');
  });

  for (const [lang, title, opener] of [['en', 'Account', 'KA, your account'], ['ar', 'الحساب', 'KA، حسابك']] as const) {
    it(`titles the signed-in account's sheet as the account, not "Sign in" (${lang})`, async () => {
      act(() => useLocaleStore.getState().setLanguage(lang));
      viewport(true);
      serve(driver);
      const user = userEvent.setup();
      renderApp('/driver');
      await user.click(await screen.findByRole('button', { name: opener }));
      expect(screen.getByRole('dialog', { name: title })).toBeInTheDocument();
    });
  }

  it('stays a disclosure under its button on a wide screen: a region, the page not inert', async () => {
    viewport(false);
    serve(driver);
    const user = userEvent.setup();
    renderApp('/driver');
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await user.click(bell);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).not.toHaveAttribute('aria-modal');
    expect(document.querySelector('.driver-bar')).toContainElement(region);
    expect(screen.getByRole('main').inert).toBeFalsy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });
});
