import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

const admin = { id: '1', first_name: 'Hoda', last_name: 'Fahmy', email: 'admin@example.com', phone_number: null, role: 'admin' };

const plan = {
  id: 'r-1',
  archived: false,
  version: 3,
  updated_at: '2026-11-23T08:00:00Z',
  name: { en: 'Comfort', ar: 'مريحة' },
  description: { en: '', ar: '' },
  seats: 4,
  price_per_km: 550,
  waiting_per_hour: 6000,
  display_order: 1,
  active: true,
};

/** A stand-in for the rate plans' admin API: one plan to edit or add beside, saved as sent. */
function serveRatePlans() {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const saves: Array<{ method: string; body: Record<string, unknown> }> = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://app.test').pathname;
    const method = init?.method ?? 'GET';
    if (path === '/api/me') return Promise.resolve(json(200, { data: admin }));
    if (path === '/api/auth/getadmin') return Promise.resolve(json(200, admin));
    if (path === '/api/admin/rate-plans' && method === 'GET') return Promise.resolve(json(200, { data: [plan], total: 1, page: 1, per_page: 20 }));
    if (path === '/api/admin/rate-plans/r-1' && method === 'GET') return Promise.resolve(json(200, { data: plan }));
    if (path.endsWith('/history')) return Promise.resolve(json(200, { data: [] }));
    if (path.startsWith('/api/admin/rate-plans') && (method === 'PUT' || method === 'POST')) {
      const body = JSON.parse(init?.body as string) as Record<string, unknown>;
      saves.push({ method, body });
      return Promise.resolve(json(200, { data: { ...plan, ...body, id: method === 'POST' ? 'r-2' : 'r-1', version: plan.version + 1 } }));
    }
    return Promise.resolve(json(404, { message: 'Not found' }));
  });
  return saves;
}

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));
afterEach(() => vi.unstubAllGlobals());

describe('saving a catalogue record', () => {
  it('returns to the list and says which record was saved', async () => {
    const saves = serveRatePlans();
    setTestSession(admin);
    const { router } = renderApp('/admin/rate/edit?id=r-1');
    const name = within(await screen.findByRole('group', { name: /^Name/ })).getByRole('textbox', { name: 'English' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Comfort plus');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Changes to “Comfort plus” saved.');
    expect(saves).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Rates' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/rate');
    // Said once: the history entry no longer carries it, so a reload or a step back is silent.
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('Changes to “Comfort plus” saved.');
  });

  it('says a new record was added, in Arabic by its Arabic name', async () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    serveRatePlans();
    setTestSession(admin);
    renderApp('/admin/rate/create');
    const form = await screen.findByRole('form');
    const name = within(form).getByRole('group', { name: /^الاسم/ });
    await userEvent.type(within(name).getByRole('textbox', { name: 'الإنجليزية' }), 'Van');
    await userEvent.type(within(name).getByRole('textbox', { name: 'العربية' }), 'ميكروباص');
    await userEvent.type(within(form).getByLabelText(/السعر لكل كيلومتر/), '7');
    await userEvent.type(within(form).getByLabelText(/الانتظار لكل ساعة/), '80');
    await userEvent.click(within(form).getByRole('button', { name: 'حفظ' }));

    expect(await screen.findByRole('status')).toHaveTextContent('تمت إضافة «ميكروباص».');
  });
});
