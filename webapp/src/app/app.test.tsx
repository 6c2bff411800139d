import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { useAuthStore } from '@/features/auth/stores/auth-store';
import { i18n } from '@/lib/i18n';
import { useLocaleStore } from '@/stores/locale-store';
import { usePanelsStore } from '@/stores/panels-store';
import { renderApp } from '@/testing/render-app';

// No API server runs in these tests: every request fails as "network error",
// which the shell must survive (a restore that cannot reach the server settles
// by the presence of a token).
const traveller = { id: '1', first_name: 'Salma', last_name: 'Hassan', email: 's@example.com', phone_number: null, role: 'user' };

beforeEach(() => {
  act(() => {
    useLocaleStore.getState().setLanguage('en');
    usePanelsStore.getState().resetAll();
    useAuthStore.setState({ status: 'restoring', token: null, user: null, isAdmin: false });
  });
});

describe('guards', () => {
  it('sends a signed-out visitor from an account page to sign in, with the way back', async () => {
    const { router } = renderApp('/account/order/42');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/account/order/42')}`);
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('lets a signed-in traveller see the account page', async () => {
    useAuthStore.setState({ status: 'signedIn', token: 'tok', user: traveller });
    const { router } = renderApp('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/account');
  });

  it('sends a signed-out visitor from an admin page to the admin login', async () => {
    const { router } = renderApp('/admin/destination/create');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/admin/destination/create')}`);
    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeInTheDocument();
  });

  it.each(['/admin/login', '/admin/password-reset'])('leaves %s unguarded', async (path) => {
    const { router } = renderApp(path);
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe(path);
  });

  it('shows the home page to a visitor without asking to sign in', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Cairo, your way.' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('leftover routes', () => {
  it.each([
    ['/productss', '/programs'],
    ['/mapppp', '/points'],
    ['/about/stable', '/about'],
    ['/checkout/stable', '/checkout'],
    ['/destinations/stable', '/destinations'],
    ['/create', '/signup'],
    ['/test', '/'],
  ])('redirects %s to %s', async (from, to) => {
    const { router } = renderApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('redirects /admin/home/bla bla to /admin/home (then to the admin login)', async () => {
    const { router } = renderApp('/admin/home/bla%20bla');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/admin/home')}`);
  });
});

describe('page not found', () => {
  it('says which path was not found and links home', async () => {
    renderApp('/no/such/place');
    expect(await screen.findByRole('heading', { name: 'Page not found: /no/such/place' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });

  it('is translated into Arabic', async () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    renderApp('/admin/nothing-here');
    expect(await screen.findByRole('heading', { name: 'الصفحة غير موجودة: /admin/nothing-here' })).toBeInTheDocument();
  });
});

describe('language', () => {
  it('switches to Arabic: <html lang="ar" dir="rtl">, remembered in storage and the lang cookie', async () => {
    const user = userEvent.setup();
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Mishwar' });
    await user.click(screen.getAllByRole('button', { name: 'Language & currency' })[0]!);
    await user.click(await screen.findByRole('button', { name: 'العربية' }));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(i18n.language).toBe('ar');
    expect(localStorage.getItem('mishwar.language')).toBe('ar');
    expect(document.cookie).toContain('lang=ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'عن مشوار' })).toBeInTheDocument();
  });
});

describe('header panels on a wide screen: disclosures under their buttons', () => {
  it('opens one panel at a time, closes on a second click, and reports aria-expanded', async () => {
    const user = userEvent.setup();
    renderApp('/about');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const destinations = within(nav).getByRole('button', { name: /Destinations/ });
    const programs = within(nav).getByRole('button', { name: /Programs/ });

    await user.click(destinations);
    expect(destinations).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Destinations' });
    expect(destinations).toHaveAttribute('aria-controls', panel.id);
    // A dropdown covers nothing: the page stays in reach.
    expect(screen.getByRole('main').inert).toBeFalsy();

    await user.click(programs);
    expect(destinations).toHaveAttribute('aria-expanded', 'false');
    expect(programs).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('region', { name: 'Destinations' })).not.toBeInTheDocument();

    await user.click(programs);
    expect(programs).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Programs' })).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to its toggle', async () => {
    const user = userEvent.setup();
    renderApp('/about');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const categories = within(nav).getByRole('button', { name: /Categories/ });
    await user.click(categories);
    expect(screen.getByRole('region', { name: 'Categories' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Categories' })).not.toBeInTheDocument();
    expect(categories).toHaveFocus();
  });

  it('closes when the keyboard moves the focus past it', async () => {
    const user = userEvent.setup();
    renderApp('/about');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const categories = within(nav).getByRole('button', { name: /Categories/ });
    await user.click(categories);
    const panel = screen.getByRole('region', { name: 'Categories' });
    await user.tab();
    expect(screen.getByRole('region', { name: 'Categories' })).toBeInTheDocument();
    expect(panel).toContainElement(document.activeElement as HTMLElement);

    const [behind] = within(screen.getByRole('contentinfo')).getAllByRole('link');
    if (!behind) throw new Error('the footer has no link');
    act(() => behind.focus());
    expect(screen.queryByRole('region', { name: 'Categories' })).not.toBeInTheDocument();
    expect(behind).toHaveFocus();
  });
});

describe('header panels on a phone: sheets over the page, modal dialogs', () => {
  const words = (lng: 'en' | 'ar') => ({
    tabs: i18n.t('nav.phone', { lng }),
    places: i18n.t('nav.tabs.destinations', { lng }),
    title: i18n.t('panels.destinations', { lng }),
    close: i18n.t('common.close', { lng }),
  });
  for (const lang of ['en', 'ar'] as const) {
    it(`takes the focus, keeps Tab inside, leaves the page behind inert, and Escape gives the focus back to its tab (${lang})`, async () => {
      act(() => useLocaleStore.getState().setLanguage(lang));
      const user = userEvent.setup();
      renderApp('/about');
      const w = words(lang);
      const tabbar = await screen.findByRole('navigation', { name: w.tabs });
      const places = within(tabbar).getByRole('button', { name: w.places });
      await user.click(places);
      expect(places).toHaveAttribute('aria-expanded', 'true');
      const sheet = screen.getByRole('dialog', { name: w.title });
      expect(sheet).toHaveAttribute('aria-modal', 'true');
      expect(places).toHaveAttribute('aria-controls', sheet.id);
      expect(sheet).toContainElement(document.activeElement as HTMLElement);
      // The page, the header and the tab bar behind it are out of reach.
      expect(screen.getByRole('main').inert).toBe(true);
      expect(tabbar.inert).toBe(true);
      expect(document.querySelector<HTMLElement>('.site-header')?.inert).toBe(true);

      // Tab goes round the sheet's controls, never to the page behind it.
      const close = within(sheet).getByRole('button', { name: w.close });
      for (let i = 0; i < 12; i += 1) {
        await user.tab();
        expect(sheet).toContainElement(document.activeElement as HTMLElement);
      }
      act(() => close.focus());
      await user.tab({ shift: true });
      expect(sheet).toContainElement(document.activeElement as HTMLElement);

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog', { name: w.title })).not.toBeInTheDocument();
      expect(places).toHaveFocus();
      expect(places).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByRole('main').inert).toBeFalsy();
      expect(tabbar.inert).toBeFalsy();
    });
  }

  it('closes with its close button and gives the focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    renderApp('/about');
    const tabbar = await screen.findByRole('navigation', { name: i18n.t('nav.phone') });
    const places = within(tabbar).getByRole('button', { name: i18n.t('nav.tabs.destinations') });
    await user.click(places);
    const sheet = screen.getByRole('dialog', { name: 'Destinations' });
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Destinations' })).not.toBeInTheDocument();
    expect(places).toHaveFocus();
  });
});

describe('route changes', () => {
  it('says the new page to a screen reader after an in-app navigation, not on the first load', async () => {
    const { router } = renderApp('/signin');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    const announcer = screen.getByTestId('route-announcer');
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    // Longer than the announcer waits for a title: the first page is the reader's own to announce.
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(announcer).toBeEmptyDOMElement();

    await act(() => router.navigate('/page-that-does-not-exist'));
    await waitFor(() => expect(announcer.textContent).toBe(document.title));
    expect(announcer.textContent).toMatch(/Mishwar/);
    expect(announcer.textContent).not.toMatch(/Welcome back/);
  });
});
