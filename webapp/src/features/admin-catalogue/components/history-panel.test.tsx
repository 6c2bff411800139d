import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
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
