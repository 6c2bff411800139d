import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { SiteSettings } from './site-settings';

// The office hours and the currency rates are saved at the version they were loaded at, so a save
// over another admin's is refused (409) instead of undoing it; a refused hour is said on its weekday.

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
// Open every day but Friday: Saturday is the sixth entry sent.
const hours = [0, 1, 2, 3, 4, 6].map((day) => ({ day, open: '09:00', close: '17:00' }));

let puts: Array<{ path: string; headers: Record<string, string>; body: unknown }> = [];

function serve(answerPut: (path: string) => Response) {
  puts = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app.test');
    if (init?.method === 'PUT') {
      puts.push({ path: url.pathname, headers: (init.headers ?? {}) as Record<string, string>, body: JSON.parse(init.body as string) as unknown });
      return Promise.resolve(answerPut(url.pathname));
    }
    if (url.pathname === '/api/admin/settings') return Promise.resolve(json(200, { data: { opening_hours: hours, holidays: [], default_pickup_point_id: null, version: 12 } }));
    if (url.pathname === '/api/admin/currency-rates') return Promise.resolve(json(200, { data: { rates: { USD: 0.02, SAR: 0.075 }, set_at: null, version: 4 } }));
    if (url.pathname.endsWith('/history')) return Promise.resolve(json(200, { data: [] }));
    return Promise.resolve(json(200, { data: [], total: 0, page: 1, per_page: 100 }));
  });
}

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SiteSettings />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the office hours', () => {
  it("are saved at the settings' version, and a refused closing time is said on its weekday", async () => {
    serve(() => json(422, { message: 'Some fields need your attention.', errors: { 'hours.5.close': ['Closing is before opening.'] } }));
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Office hours' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.headers['If-Match']).toBe('"12"');
    const saturday = within(form).getByRole('textbox', { name: 'Saturday: Closes (Cairo time)' });
    await waitFor(() => expect(saturday).toHaveAttribute('aria-invalid', 'true'));
    expect(saturday).toHaveAccessibleDescription('Closing is before opening.');
  });
});

describe('the currency rates', () => {
  it('are saved at the version shown when the admin started typing', async () => {
    serve(() => json(409, { message: 'Someone else changed this at the same time. Please reload and try again.' }));
    renderPage();
    const user = userEvent.setup();
    const usd = await screen.findByRole('textbox', { name: /US dollars|USD/ });
    await user.clear(usd);
    await user.type(usd, '0.021');
    const form = usd.closest('form');
    if (!form) throw new Error('no rates form');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts.find((p) => p.path === '/api/admin/currency-rates')).toBeDefined());
    expect(puts.find((p) => p.path === '/api/admin/currency-rates')?.headers['If-Match']).toBe('"4"');
    expect(await within(form).findByText(/Someone else changed this/)).toBeInTheDocument();
    expect(usd).toHaveValue('0.021');
  });
});

// Each form sends the version of what it replaces: another group's change (a holiday added, the
// default pickup point chosen) neither flags the office hours form nor refuses its save.
describe('the office hours with changes typed, when a holiday is added meanwhile', () => {
  it('show no newer-version notice, keep what was typed and save at the hours’ own version', async () => {
    const holiday = { date: '2099-04-25', name: { en: 'Sinai Liberation Day', ar: 'عيد تحرير سيناء' } };
    let settings = { opening_hours: hours, holidays: [] as Array<typeof holiday>, default_pickup_point_id: null, version: 12, opening_hours_version: 9, default_pickup_point_version: 11 };
    puts = [];
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://app.test');
      if (init?.method === 'PUT') {
        puts.push({ path: url.pathname, headers: (init.headers ?? {}) as Record<string, string>, body: JSON.parse(init.body as string) as unknown });
        return Promise.resolve(json(200, { data: { ...settings, version: settings.version + 1, opening_hours_version: settings.version + 1 } }));
      }
      if (url.pathname === '/api/admin/settings') return Promise.resolve(json(200, { data: settings }));
      if (url.pathname === '/api/admin/currency-rates') return Promise.resolve(json(200, { data: { rates: { USD: 0.02, SAR: 0.075 }, set_at: null, version: 4 } }));
      if (url.pathname.endsWith('/history')) return Promise.resolve(json(200, { data: [] }));
      return Promise.resolve(json(200, { data: [], total: 0, page: 1, per_page: 100 }));
    });
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SiteSettings />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const opens = await screen.findByRole('textbox', { name: 'Monday: Opens (Cairo time)' });
    await user.clear(opens);
    await user.type(opens, '08:00');

    // Another admin adds a holiday: the settings move on, the hours do not.
    settings = { ...settings, holidays: [holiday], version: 13 };
    await act(() => client.invalidateQueries({ queryKey: ['admin-catalogue'] }));
    expect(await screen.findByTestId(`holiday-${holiday.date}`)).toBeInTheDocument();

    expect(screen.queryByTestId('newer-version')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Monday: Opens (Cairo time)' })).toHaveValue('08:00');
    const form = screen.getByRole('form', { name: 'Office hours' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.headers['If-Match']).toBe('"9"');
    expect(await within(form).findByRole('status')).toHaveTextContent('Saved');
  });
});

// A saved form is remounted at the version it saved: its confirmation must outlive that.
describe('a saved settings form', () => {
  function serveSaving() {
    let settings = { opening_hours: hours, holidays: [], default_pickup_point_id: null, version: 12, opening_hours_version: 9, default_pickup_point_version: 11 };
    let rates = { rates: { USD: 0.02, SAR: 0.075 }, set_at: null, version: 4 };
    puts = [];
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://app.test');
      if (init?.method === 'PUT') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        puts.push({ path: url.pathname, headers: (init.headers ?? {}) as Record<string, string>, body });
        if (url.pathname === '/api/admin/currency-rates') {
          rates = { ...rates, rates: body.rates as typeof rates.rates, version: rates.version + 1 };
          return Promise.resolve(json(200, { data: rates }));
        }
        settings = { ...settings, opening_hours: body.hours as typeof hours, version: settings.version + 1, opening_hours_version: settings.version + 1 };
        return Promise.resolve(json(200, { data: settings }));
      }
      if (url.pathname === '/api/admin/settings') return Promise.resolve(json(200, { data: settings }));
      if (url.pathname === '/api/admin/currency-rates') return Promise.resolve(json(200, { data: rates }));
      if (url.pathname.endsWith('/history')) return Promise.resolve(json(200, { data: [] }));
      return Promise.resolve(json(200, { data: [], total: 0, page: 1, per_page: 100 }));
    });
  }

  it('says the office hours were saved, at their new version', async () => {
    serveSaving();
    renderPage();
    const user = userEvent.setup();
    const opens = await screen.findByRole('textbox', { name: 'Monday: Opens (Cairo time)' });
    await user.clear(opens);
    await user.type(opens, '08:00');
    await user.click(within(screen.getByRole('form', { name: 'Office hours' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Monday: Opens (Cairo time)' })).toHaveValue('08:00'));
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'Office hours' })).getByRole('status')).toHaveTextContent('Saved.'));
    // Still said once the refetch after the save settled.
    await new Promise((r) => setTimeout(r, 50));
    expect(within(screen.getByRole('form', { name: 'Office hours' })).getByRole('status')).toHaveTextContent('Saved.');
  });

  // An Arabic keyboard types Arabic-Indic digits («٠٨:٣٠»), a Persian one Eastern ones («۲۱:۰۰»).
  it('reads office-hours times typed in Arabic-Indic or Eastern digits as Western ones, and saves them', async () => {
    serveSaving();
    renderPage();
    const user = userEvent.setup();
    const opens = await screen.findByRole('textbox', { name: 'Monday: Opens (Cairo time)' });
    await user.clear(opens);
    await user.type(opens, '٠٨:٣٠');
    expect(opens).toHaveValue('08:30');
    const closes = screen.getByRole('textbox', { name: 'Monday: Closes (Cairo time)' });
    await user.clear(closes);
    await user.type(closes, '۲۱:۰۰');
    expect(closes).toHaveValue('21:00');
    await user.click(within(screen.getByRole('form', { name: 'Office hours' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect((puts[0]?.body as { hours: typeof hours }).hours).toContainEqual({ day: 1, open: '08:30', close: '21:00' });
  });

  it('says the currency rates were saved, at their new version', async () => {
    serveSaving();
    renderPage();
    const user = userEvent.setup();
    const usd = await screen.findByRole('textbox', { name: /US dollars|USD/ });
    await user.clear(usd);
    await user.type(usd, '0.021');
    const form = usd.closest('form');
    if (!form) throw new Error('no rates form');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    const shown = screen.getByRole('textbox', { name: /US dollars|USD/ }).closest('form');
    if (!shown) throw new Error('no rates form');
    expect(within(shown).getByRole('status')).toHaveTextContent('Saved.');
  });
});
