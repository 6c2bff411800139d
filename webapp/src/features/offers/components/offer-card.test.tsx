import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { OffersSection } from './offers-section';

// The home page's offers: an offer whose code is public shows the code (left to right in Arabic),
// a button that copies it and says so, and that it is typed at checkout.
const offer = (over: Record<string, unknown>) => ({
  id: '7b0a4f2e-3c1d-4e5f-8a9b-0c1d2e3f4a5b',
  title: { en: 'Winter in Cairo: 10% off programs', ar: 'شتاء القاهرة: خصم ١٠% على البرامج' },
  description: null,
  kind: 'percent',
  percent_basis_points: 1000,
  amount: null,
  needs_promo_code: true,
  promo_code: 'WINTER10',
  valid_from: '2026-12-01',
  valid_until: '2027-02-28',
  applies_to: 'programs',
  program_ids: [],
  rate_plan_ids: [],
  ...over,
});

function serve(offers: unknown[]) {
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ data: offers }), { status: 200, headers: { 'Content-Type': 'application/json' } })));
}

function renderOffers() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <OffersSection />
    </QueryClientProvider>,
  );
}

beforeEach(() => serve([offer({})]));
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => useLocaleStore.getState().setLanguage('en'));
});

describe('an offer card', () => {
  it.each([
    ['en', 'Copy code', 'Copied', 'Type this code at checkout to get the discount.'],
    ['ar', 'انسخ الرمز', 'تم النسخ', 'اكتب هذا الرمز عند إتمام الحجز لتحصل على الخصم.'],
  ] as const)('shows the public code, left to right, and copies it (%s)', async (lang, copy, copied, hint) => {
    const user = userEvent.setup();
    act(() => useLocaleStore.getState().setLanguage(lang));
    renderOffers();
    const card = await screen.findByTestId('offer');
    const code = within(card).getByTestId('offer-code');
    expect(code).toHaveTextContent('WINTER10');
    expect(code).toHaveAttribute('dir', 'ltr');
    expect(within(card).getByText(hint)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: copy }));
    expect(await within(card).findByRole('button', { name: copied })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('WINTER10');
  });

  it('says a code is needed, with no copy button, when the list names none', async () => {
    serve([offer({ promo_code: undefined })]);
    renderOffers();
    const card = await screen.findByTestId('offer');
    expect(within(card).getByText('With a promo code, typed at checkout.')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows neither code nor button for an offer without a code', async () => {
    serve([offer({ needs_promo_code: false, promo_code: undefined })]);
    renderOffers();
    const card = await screen.findByTestId('offer');
    expect(within(card).queryByTestId('offer-code')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });
});
