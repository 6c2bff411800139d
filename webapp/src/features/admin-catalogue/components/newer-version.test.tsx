import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { HomeContentForm } from './home-content-form';
import { RecordForm } from './record-form';
import { SiteSettings } from './site-settings';

// The record an operator is typing over changes underneath (a refetch on window focus, a live
// catalogue notice, another admin's save): what they typed stays, at the version it was loaded at,
// and the form says a newer version was saved, with a button to load it. A form nobody changed
// follows the newer data silently; a form just saved is clean, with what was saved.

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const emptyList = { data: [], total: 0, page: 1, per_page: 100 };

const pickup = (version: number, en: string) => ({
  id: 'p-1',
  archived: false,
  version,
  updated_at: '2026-11-30T10:00:00Z',
  name: { en, ar: 'الفندق' },
  kind: 'hotel',
  address: { en: '', ar: '' },
  lat: 30.0459,
  lng: 31.2243,
  display_order: 0,
  active: true,
});
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '09:00', close: '17:00' }));

/** What the server holds now: each test changes it to play another admin's save. */
let server: { pickup: ReturnType<typeof pickup>; home: { data: Record<string, unknown>; version: number }; settings: { opening_hours: typeof everyDay; version: number } };
let puts: Array<{ path: string; headers: Record<string, string>; body: unknown }>;
let answerPut: (path: string, body: unknown) => Response;

beforeEach(() => {
  act(() => useLocaleStore.getState().setLanguage('en'));
  server = {
    pickup: pickup(3, 'Nile Hotel'),
    home: { data: { hero: { title: { en: 'Cairo, your way', ar: 'القاهرة على طريقتك' }, subtitle: { en: '', ar: '' }, image: '' }, faq: [] }, version: 7 },
    settings: { opening_hours: everyDay, version: 12 },
  };
  puts = [];
  answerPut = () => json(500, {});
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app.test');
    if (init?.method === 'PUT') {
      const body = JSON.parse(init.body as string) as unknown;
      puts.push({ path: url.pathname, headers: (init.headers ?? {}) as Record<string, string>, body });
      return Promise.resolve(answerPut(url.pathname, body));
    }
    if (url.pathname === '/api/admin/pickup-points/p-1') return Promise.resolve(json(200, { data: server.pickup }));
    if (url.pathname === '/api/admin/home') return Promise.resolve(json(200, server.home));
    if (url.pathname === '/api/admin/settings') return Promise.resolve(json(200, { data: { ...server.settings, holidays: [], default_pickup_point_id: null } }));
    if (url.pathname === '/api/admin/currency-rates') return Promise.resolve(json(200, { data: { rates: { USD: 0.02, SAR: 0.075 }, set_at: null, version: 4 } }));
    if (url.pathname.endsWith('/history')) return Promise.resolve(json(200, { data: [] }));
    return Promise.resolve(json(200, emptyList));
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderWith(client: QueryClient, ui: ReactNode) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The data is read again, as a window focus or a live catalogue notice does. */
async function refetch(client: QueryClient) {
  await act(() => client.invalidateQueries({ queryKey: ['admin-catalogue'] }));
}

const englishName = () => {
  const box = screen.getAllByRole('textbox', { name: 'English' })[0];
  if (!box) throw new Error('no English name box');
  return box;
};

describe('a record form with changes typed, when a newer version is saved elsewhere', () => {
  it.each([
    ['en', 'A newer version of this was saved while you were editing', 'Load the newer version', 'Save'],
    ['ar', 'حُفظت نسخة أحدث من هذا أثناء تعديلك', 'تحميل النسخة الأحدث', 'حفظ'],
  ] as const)('keeps what was typed, says saving will be refused, and loads the newer version on request (%s)', async (language, said, load, save) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    const client = createQueryClient();
    renderWith(client, <RecordForm section="pickup" id="p-1" onSaved={() => {}} />);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: save });
    const name = screen.getAllByRole('textbox', { name: language === 'en' ? 'English' : 'الإنجليزية' })[0];
    if (!name) throw new Error('no English name box');
    await user.clear(name);
    await user.type(name, 'Nile Hotel, Garden City');

    server.pickup = pickup(4, 'Nile Palace Hotel');
    await refetch(client);

    const notice = await screen.findByTestId('newer-version');
    expect(notice).toHaveTextContent(said);
    expect(notice).toHaveTextContent(language === 'en' ? 'saving it will be refused' : 'حفظه سيُرفض');
    expect(name).toHaveValue('Nile Hotel, Garden City');
    // A save now is sent at the version the typing started from: the server refuses it (409).
    await user.click(screen.getByRole('button', { name: save }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.headers['If-Match']).toBe('"3"');

    await user.click(screen.getByRole('button', { name: load }));
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: language === 'en' ? 'English' : 'الإنجليزية' })[0]).toHaveValue('Nile Palace Hotel'));
    expect(screen.queryByTestId('newer-version')).not.toBeInTheDocument();
  });
});

describe('a record form nobody changed', () => {
  it('follows the newer version silently', async () => {
    const client = createQueryClient();
    renderWith(client, <RecordForm section="pickup" id="p-1" onSaved={() => {}} />);
    await waitFor(() => expect(englishName()).toHaveValue('Nile Hotel'));

    server.pickup = pickup(4, 'Nile Palace Hotel');
    await refetch(client);

    await waitFor(() => expect(englishName()).toHaveValue('Nile Palace Hotel'));
    expect(screen.queryByTestId('newer-version')).not.toBeInTheDocument();
  });

  it('typed back to what was loaded, follows the newer version too', async () => {
    const client = createQueryClient();
    renderWith(client, <RecordForm section="pickup" id="p-1" onSaved={() => {}} />);
    const user = userEvent.setup();
    await waitFor(() => expect(englishName()).toHaveValue('Nile Hotel'));
    await user.type(englishName(), 's');
    await user.type(englishName(), '{Backspace}');

    server.pickup = pickup(4, 'Nile Palace Hotel');
    await refetch(client);

    await waitFor(() => expect(englishName()).toHaveValue('Nile Palace Hotel'));
    expect(screen.queryByTestId('newer-version')).not.toBeInTheDocument();
  });
});

describe('a record form just saved', () => {
  it('is clean, with what was saved: the next version follows silently', async () => {
    const client = createQueryClient();
    const onSaved = vi.fn();
    answerPut = () => {
      server.pickup = pickup(4, 'Nile Hotel, Garden City');
      return json(200, { data: server.pickup });
    };
    renderWith(client, <RecordForm section="pickup" id="p-1" onSaved={onSaved} />);
    const user = userEvent.setup();
    await waitFor(() => expect(englishName()).toHaveValue('Nile Hotel'));
    await user.clear(englishName());
    await user.type(englishName(), 'Nile Hotel, Garden City');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(englishName()).toHaveValue('Nile Hotel, Garden City');
    await refetch(client);
    expect(screen.queryByTestId('newer-version')).not.toBeInTheDocument();

    // Someone else saves next: the clean form follows.
    server.pickup = pickup(5, 'Nile Palace Hotel');
    await refetch(client);
    await waitFor(() => expect(englishName()).toHaveValue('Nile Palace Hotel'));
    expect(screen.queryByTestId('newer-version')).not.toBeInTheDocument();
  });
});

describe('the home content form with changes typed, when a newer version is saved elsewhere', () => {
  it('keeps what was typed and says so; unchanged, it follows', async () => {
    const client = createQueryClient();
    renderWith(client, <HomeContentForm onSaved={() => {}} />);
    const user = userEvent.setup();
    await waitFor(() => expect(englishName()).toHaveValue('Cairo, your way'));
    // Nobody typed: the newer version is shown.
    server.home = { ...server.home, data: { ...server.home.data, whatsapp: '+201000000001' }, version: 8 };
    await refetch(client);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'WhatsApp number' })).toHaveValue('+201000000001'));
    expect(screen.queryByTestId('newer-version')).not.toBeInTheDocument();

    await user.clear(englishName());
    await user.type(englishName(), 'Egypt, your way');
    server.home = { ...server.home, data: { ...server.home.data, whatsapp: '+201000000002' }, version: 9 };
    await refetch(client);
    expect(await screen.findByTestId('newer-version')).toBeInTheDocument();
    expect(englishName()).toHaveValue('Egypt, your way');
    expect(screen.getByRole('textbox', { name: 'WhatsApp number' })).toHaveValue('+201000000001');
  });
});

describe('the office hours with changes typed, when the settings change underneath', () => {
  it('keep what was typed and say so, and load the newer hours on request', async () => {
    const client = createQueryClient();
    renderWith(client, <SiteSettings />);
    const user = userEvent.setup();
    const opens = await screen.findByRole('textbox', { name: 'Monday: Opens (Cairo time)' });
    await user.clear(opens);
    await user.type(opens, '08:00');

    server.settings = { opening_hours: everyDay.map((h) => (h.day === 1 ? { ...h, open: '10:00' } : h)), version: 13 };
    await refetch(client);

    expect(await screen.findByTestId('newer-version')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Monday: Opens (Cairo time)' })).toHaveValue('08:00');
    await user.click(screen.getByRole('button', { name: 'Load the newer version' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Monday: Opens (Cairo time)' })).toHaveValue('10:00'));
    expect(screen.queryByTestId('newer-version')).not.toBeInTheDocument();
  });
});
