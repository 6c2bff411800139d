import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useLocaleStore } from '@/stores/locale-store';
import { usePanelsStore } from '@/stores/panels-store';
import { renderApp } from '@/testing/render-app';

import type * as InfoRoutes from './routes/info';

// A moment offline: the code of a header panel or of a page that has not been opened yet cannot be
// fetched. The app says so in the visitor's language where that part goes, and loads it when the
// connection is back; it used to show React Router's "Unexpected Application Error!" until a reload.
// Each part's code stays loaded once it is, so each test uses a part of its own.
const network = vi.hoisted(() => ({ down: false, brokenTerms: false }));
const FETCH_FAILED = 'Failed to fetch dynamically imported module: http://localhost/assets/chunk.js';

vi.mock('@/features/auth/components/sign-in-form', async (importOriginal) => {
  if (network.down) throw new TypeError(FETCH_FAILED);
  return importOriginal();
});
vi.mock('@/features/notifications/components/notifications-list', async (importOriginal) => {
  if (network.down) throw new TypeError(FETCH_FAILED);
  return importOriginal();
});
vi.mock('./routes/booking', async (importOriginal) => {
  if (network.down) throw new TypeError(FETCH_FAILED);
  return importOriginal();
});
vi.mock('./routes/info', async (importOriginal) => {
  if (network.down) throw new TypeError(FETCH_FAILED);
  const info = await importOriginal<typeof InfoRoutes>();
  return {
    ...info,
    // A screen that breaks while rendering, for the last net.
    TermsRoute: () => {
      if (network.brokenTerms) throw new Error('Cannot read properties of undefined (reading "sections")');
      return <info.TermsRoute />;
    },
  };
});

function goOffline() {
  network.down = true;
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => void window.dispatchEvent(new Event('offline')));
}

function comeBackOnline() {
  network.down = false;
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  act(() => void window.dispatchEvent(new Event('online')));
}

beforeEach(() => {
  // React reports each caught failure on the console: expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  network.down = false;
  network.brokenTerms = false;
  act(() => {
    useLocaleStore.getState().setLanguage('en');
    usePanelsStore.getState().resetAll();
    useAuthStore.setState({ status: 'signedOut', token: null, user: null, isAdmin: false });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('a moment offline', () => {
  it('says so in the sign-in panel, keeps the page, and shows the form when the connection is back', async () => {
    const user = userEvent.setup();
    renderApp('/destinations');
    await screen.findByRole('heading', { level: 1, name: 'Destinations' });
    goOffline();
    await user.click(screen.getAllByRole('button', { name: 'Sign in' })[0]!);
    const panel = screen.getByRole('region', { name: 'Sign in' });
    expect(await within(panel).findByText('You seem to be offline.')).toBeInTheDocument();
    expect(within(panel).getByText("We'll try again when you're back.")).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Destinations' })).toBeInTheDocument();
    comeBackOnline();
    expect(await within(panel).findByLabelText('E-mail')).toBeInTheDocument();
    expect(within(panel).queryByText('You seem to be offline.')).not.toBeInTheDocument();
  });

  it('says so in Arabic', async () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    act(() => useAuthStore.setState({ status: 'signedIn', token: 't', user: { id: '1', first_name: 'Salma', last_name: 'Hassan', email: 's@example.com', phone_number: null, role: 'user' } }));
    const user = userEvent.setup();
    renderApp('/destinations');
    await screen.findByRole('heading', { level: 1 });
    goOffline();
    await user.click(screen.getAllByRole('button', { name: 'الإشعارات' })[0]!);
    const panel = screen.getByRole('region', { name: 'الإشعارات' });
    expect(await within(panel).findByText('يبدو أنك غير متصل بالإنترنت.')).toBeInTheDocument();
    expect(within(panel).getByText('سنحاول مرة أخرى عند عودة الاتصال.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'حاول مرة أخرى' })).toBeInTheDocument();
  });

  it('says so in the place of a page not opened before, keeps the header, and opens the page when back', async () => {
    goOffline();
    renderApp('/about');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText('You seem to be offline.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
    comeBackOnline();
    expect(await screen.findByRole('heading', { level: 1, name: 'About Mishwar' })).toBeInTheDocument();
  });

  it('tries again at once with the button', async () => {
    const user = userEvent.setup();
    goOffline();
    renderApp('/tripstatus');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    network.down = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('You seem to be offline.')).not.toBeInTheDocument();
  });
});

describe('a screen that breaks while rendering', () => {
  it('shows what to do in the visitor’s language, never the error’s own text', async () => {
    network.brokenTerms = true;
    renderApp('/terms');
    expect(await screen.findByText('Something went wrong on this page')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error|Cannot read properties/)).not.toBeInTheDocument();
  });
});
