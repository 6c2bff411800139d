import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { EnquiryLink } from './enquiry-link';

const money = (amount: number) => ({ amount, minor: amount * 100, currency: 'EGP' });
const enquiry = (extra: Record<string, unknown>) => ({
  trip_number: 'MSH-ABC234', about: 'program', status: 'submitted',
  trip: { date: '2026-12-15', time: '09:00', pickup: { name: 'Tahrir' }, stops: [], program: 'Giza day', rate_plan: { name: 'Sedan' } },
  estimate: money(500),
  ...extra,
});

let answer: ReturnType<typeof enquiry>;
beforeEach(() => {
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ data: answer }), { status: 200, headers: { 'Content-Type': 'application/json' } })));
  act(() => useLocaleStore.getState().setLanguage('en'));
});
afterEach(() => vi.unstubAllGlobals());

function renderLink() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <EnquiryLink tripNumber="MSH-ABC234" token="secret" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the enquiry its link opens shows what the traveller told us', () => {
  it('shows the group size and the comments as plain text, their lines kept', async () => {
    answer = enquiry({ travellers: 3, comments: 'Child seat, please\n<b>and</b> a pram' });
    renderLink();
    expect(await screen.findByTestId('enquiry-link-group')).toHaveTextContent(/^3 travellers$/);
    expect(screen.getByText('Group')).toBeInTheDocument();
    const comments = screen.getByTestId('enquiry-link-comments');
    expect(comments.textContent).toBe('Child seat, please\n<b>and</b> a pram');
    expect(comments.querySelector('b')).toBeNull();
    expect(comments).toHaveClass('enquiry-comments');
  });

  it('says one traveller in the singular and no comments when none were written', async () => {
    answer = enquiry({ travellers: 1, comments: '  ' });
    renderLink();
    expect(await screen.findByTestId('enquiry-link-group')).toHaveTextContent(/^1 traveller$/);
    expect(screen.queryByTestId('enquiry-link-comments')).not.toBeInTheDocument();
  });

  it.each([
    [1, 'مسافر واحد'],
    [2, 'مسافران'],
    [3, '٣ مسافرين'],
    [11, '١١ مسافرًا'],
    [50, '٥٠ مسافرًا'],
  ])('says a group of %i in Arabic with its plural form', async (travellers, said) => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    answer = enquiry({ travellers, comments: 'كرسي أطفال' });
    renderLink();
    expect(await screen.findByTestId('enquiry-link-group')).toHaveTextContent(said);
    expect(screen.getByText('المجموعة')).toBeInTheDocument();
    expect(screen.getByText('ملاحظاتك')).toBeInTheDocument();
    expect(screen.getByTestId('enquiry-link-comments')).toHaveTextContent('كرسي أطفال');
  });

  it('shows no group line for an enquiry sent before the form asked', async () => {
    answer = enquiry({});
    renderLink();
    await screen.findByTestId('enquiry-link');
    expect(screen.queryByTestId('enquiry-link-group')).not.toBeInTheDocument();
    expect(screen.queryByTestId('enquiry-link-comments')).not.toBeInTheDocument();
  });
});

describe('a quote on a day the office has since closed', () => {
  it('says it needs a new date from the office, offers no payment and a way to ask', async () => {
    answer = enquiry({ status: 'quoted', needs_new_date: true, quote: { amount: money(3450.5), valid_until: '2026-12-10T10:00:00Z' } });
    renderLink();
    expect(await screen.findByTestId('enquiry-link-status')).toHaveTextContent('Needs a new date from the office');
    expect(screen.getByTestId('enquiry-needs-new-date')).toHaveTextContent('We no longer run trips on the day of this offer');
    expect(screen.queryByTestId('enquiry-pay')).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/about');
  });

  it('is payable while its day is open', async () => {
    answer = enquiry({ status: 'quoted', quote: { amount: money(3450.5), valid_until: '2026-12-10T10:00:00Z' } });
    renderLink();
    expect(await screen.findByTestId('enquiry-link-status')).toHaveTextContent('Ready to pay');
    expect(screen.getByTestId('enquiry-pay')).toBeInTheDocument();
  });
});
