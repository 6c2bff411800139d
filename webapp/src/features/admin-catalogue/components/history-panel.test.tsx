import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { KINDS } from '../kinds';

import { HistoryPanel } from './history-panel';

// A change in the history is named as the record's own form names the field, and its values are
// read as that form shows them: a pickup point's kind is its "Type of place", not an offer's
// "Discount type", and "landmark" and true are words of the page's language.

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const change = (changes: Array<{ field: string; from: unknown; to: unknown }>) => ({
  data: [{ version: 1, action: 'updated', event: 'PickupPointUpdated', at: '2026-11-30T10:00:00Z', actor: { id: 'u-1', role: 'admin', name: 'Mona Zaki' }, changes }],
});

beforeEach(() => {
  vi.stubGlobal('fetch', () =>
    Promise.resolve(
      json(
        change([
          { field: 'kind', from: 'landmark', to: 'hotel' },
          { field: 'active', from: true, to: false },
          { field: 'working_days', from: [0, 1], to: [6] },
        ]),
      ),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPanel(section: 'pickup' | 'offer' | 'driver') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <HistoryPanel path="/api/admin/x/1/history" fields={KINDS[section].fields} />
    </QueryClientProvider>,
  );
}

describe('a change in the history', () => {
  it.each([
    ['en', 'Type of place: Landmark → Hotel', 'Active: Yes → No'],
    ['ar', 'نوع المكان: معلم → فندق', 'مفعّل: نعم → لا'],
  ] as const)("of a pickup point's kind says its type of place, in words (%s)", async (language, kind, active) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    renderPanel('pickup');
    const items = await screen.findAllByRole('listitem');
    const changes = items.filter((li) => li.classList.contains('small')).map((li) => li.textContent.replace(/\s+/g, ' ').trim());
    expect(changes).toContain(kind);
    expect(changes).toContain(active);
    expect(changes.join(' ')).not.toMatch(/landmark|true|Discount type|نوع الخصم/);
  });

  it("of an offer's kind keeps its own label", async () => {
    act(() => useLocaleStore.getState().setLanguage('en'));
    vi.stubGlobal('fetch', () => Promise.resolve(json(change([{ field: 'kind', from: 'percent', to: 'amount' }]))));
    renderPanel('offer');
    expect(await screen.findByText('Discount type')).toBeInTheDocument();
    expect(screen.getByText('Percentage')).toBeInTheDocument();
    expect(screen.getByText('Fixed amount')).toBeInTheDocument();
  });

  it("of a driver's working days names the days", async () => {
    act(() => useLocaleStore.getState().setLanguage('en'));
    renderPanel('driver');
    const days = (await screen.findByText('Working days')).closest('li');
    if (!days) throw new Error('no working days change');
    expect(within(days).getByText('Sunday, Monday')).toBeInTheDocument();
    expect(within(days).getByText('Saturday')).toBeInTheDocument();
  });
});

// A reference is named by the record it names, in the page's language: a removed one says so, an
// archived one is still named (and said to be archived), and no id is ever shown.

const TOWER = '7b0c7a4e-0f0e-4c52-9d11-000000000001';
const KHAN = '7b0c7a4e-0f0e-4c52-9d11-000000000002';
const GONE = '7b0c7a4e-0f0e-4c52-9d11-000000000003';
const PLAN = '7b0c7a4e-0f0e-4c52-9d11-000000000004';
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

const record = (id: string, en: string, ar: string, archived = false) => ({ data: { id, archived, version: 1, updated_at: '2026-11-30T10:00:00Z', name: { en, ar } } });

function serveReferences(changes: Array<{ field: string; from: unknown; to: unknown }>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (input: string) => {
    const path = new URL(input, 'http://app.test').pathname;
    asked.push(path);
    if (path.endsWith('/history')) return Promise.resolve(json(change(changes)));
    if (path === `/api/admin/destinations/${TOWER}`) return Promise.resolve(json(record(TOWER, 'Cairo Tower', 'برج القاهرة')));
    if (path === `/api/admin/destinations/${KHAN}`) return Promise.resolve(json(record(KHAN, 'Khan el-Khalili', 'خان الخليلي', true)));
    if (path === `/api/admin/rate-plans/${PLAN}`) return Promise.resolve(json(record(PLAN, 'Sedan', 'سيدان')));
    return Promise.resolve(new Response(JSON.stringify({ message: 'Not found.' }), { status: 404, headers: { 'Content-Type': 'application/json' } }));
  });
  return asked;
}

const changeTexts = async () => {
  await waitFor(() => expect(document.body.textContent).not.toMatch(/Loading…|جارٍ التحميل/));
  return (await screen.findAllByRole('listitem')).filter((li) => li.classList.contains('small')).map((li) => li.textContent.replace(/\s+/g, ' ').trim());
};

describe('a reference in the history', () => {
  it.each([
    ['en', 'Destinations, in visiting order: Cairo Tower, Khan el-Khalili (archived) → Cairo Tower, (removed record)'],
    ['ar', 'الوجهات بترتيب الزيارة: برج القاهرة، خان الخليلي (مؤرشف) → برج القاهرة، (سجل محذوف)'],
  ] as const)("of a program's destinations names them, never by id (%s)", async (language, expected) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    serveReferences([{ field: 'destination_ids', from: [TOWER, KHAN], to: [TOWER, GONE] }]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <HistoryPanel path="/api/admin/programs/1/history" fields={KINDS.program.fields} />
      </QueryClientProvider>,
    );
    const changes = await changeTexts();
    expect(changes).toContain(expected);
    expect(changes.join(' ')).not.toMatch(uuid);
  });

  it("of an offer's rate plans names them from the list already loaded, without asking again", async () => {
    act(() => useLocaleStore.getState().setLanguage('en'));
    const asked = serveReferences([{ field: 'rate_plan_ids', from: [], to: [PLAN] }]);
    const client = createQueryClient();
    client.setQueryData(['admin-catalogue', '/api/admin/rate-plans', 'list', { q: '' }], { data: [record(PLAN, 'Sedan (loaded)', 'سيدان').data], total: 1, page: 1, per_page: 100 });
    render(
      <QueryClientProvider client={client}>
        <HistoryPanel path="/api/admin/offers/1/history" fields={KINDS.offer.fields} />
      </QueryClientProvider>,
    );
    expect(await changeTexts()).toContain('Rate plans: — → Sedan (loaded)');
    expect(asked).not.toContain(`/api/admin/rate-plans/${PLAN}`);
  });

  it('of the default pickup point the server could not name says it was removed', async () => {
    act(() => useLocaleStore.getState().setLanguage('en'));
    serveReferences([{ field: 'default_pickup_point_id', from: { en: 'Nile Hotel', ar: 'فندق النيل' }, to: GONE }]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <HistoryPanel path="/api/admin/settings/history" references={{ default_pickup_point_id: '/api/admin/pickup-points' }} />
      </QueryClientProvider>,
    );
    expect(await changeTexts()).toContain('Default pickup point: Nile Hotel → (removed record)');
  });

  it("of the home page's full-day ride names the program it books, field by field", async () => {
    act(() => useLocaleStore.getState().setLanguage('en'));
    serveReferences([{ field: 'full_day_ride', from: { hours: 8, program_id: '00000000-0000-0000-0000-000000000000' }, to: { hours: 8, program_id: GONE } }]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <HistoryPanel path="/api/admin/home/history" references={{ 'full_day_ride.program_id': '/api/admin/programs' }} />
      </QueryClientProvider>,
    );
    const changes = await changeTexts();
    expect(changes).toContain('Full-day ride: Hours: 8; Program it books: — → Hours: 8; Program it books: (removed record)');
    expect(changes.join(' ')).not.toMatch(uuid);
  });
});

describe('a change the system made', () => {
  it.each([
    ['en', 'demo', 'Demo data', 'System'],
    ['ar', 'demo', 'البيانات التجريبية', 'النظام'],
    ['ar', 'system', 'مشوار (تلقائيًا)', 'النظام'],
  ] as const)('names its actor in the page’s language (%s, %s)', async (language, id, name, role) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    vi.stubGlobal('fetch', () =>
      Promise.resolve(json({ data: [{ version: 1, action: 'created', event: 'PickupPointCreated', at: '2026-11-30T10:00:00Z', actor: { id, role: 'system', name: id === 'demo' ? 'Demo data' : 'system' }, changes: [] }] })),
    );
    renderPanel('pickup');
    const entry = (await screen.findAllByRole('listitem'))[0];
    const text = entry?.textContent.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain(name);
    expect(text).toContain(`(${role})`);
    if (language === 'ar') expect(text).not.toMatch(/Demo|system/);
  });
});
