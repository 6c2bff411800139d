import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { OrderMailList } from './order-mail';

// "I never got the confirmation": support reads, beside the order, each e-mail recorded about it,
// to whom, and whether it went — when, on Cairo's clock, labelled — or why it did not.
const mail = [
  { id: 'm1', to: 'mona@example.com', lang: 'en', subject: 'Your trip MSH-1001 is waiting for payment', status: 'sent', attempts: 1, created_at: '2026-12-02T08:00:00Z', sent_at: '2026-12-02T08:00:02Z', next_attempt_at: null },
  { id: 'm2', to: 'mona@example.com', lang: 'en', subject: 'Your trip MSH-1001 is confirmed', status: 'failed', attempts: 5, last_error: '550 mailbox unavailable', created_at: '2026-12-02T08:05:00Z', sent_at: null, next_attempt_at: null },
  { id: 'm3', to: 'mona@example.com', lang: 'en', subject: 'Your driver for MSH-1001', status: 'pending', attempts: 2, created_at: '2026-12-02T09:00:00Z', sent_at: null, next_attempt_at: '2026-12-02T09:05:00Z' },
];

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
let asked: string[] = [];

beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', (input: string) => {
    asked.push(new URL(input, 'http://app.test').pathname);
    return Promise.resolve(json({ data: input.includes('MSH-2002') ? [] : mail }));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => useLocaleStore.getState().setLanguage('en'));
});

function renderList(id: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <OrderMailList id={id} />
    </QueryClientProvider>,
  );
}

describe("an order's e-mails in the support console", () => {
  it.each([
    ['en', 'Sent 2 Dec 2026, 10:00 Cairo time', 'Not delivered (attempts: 5): ⁨550 mailbox unavailable⁩', 'Waiting to be sent (attempts: 2)'],
    ['ar', 'أُرسلت ٠٢‏/١٢‏/٢٠٢٦، ١٠:٠٠ ص بتوقيت القاهرة', 'لم تُسلَّم (المحاولات: ٥): ⁨550 mailbox unavailable⁩', 'في انتظار الإرسال (المحاولات: ٢)'],
  ] as const)('says each one, to whom and whether it went, in Cairo time (%s)', async (language, sent, failed, pending) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    renderList('MSH-1001');
    const lines = await within(screen.getByTestId('support-mail')).findAllByRole('listitem');
    expect(asked).toEqual(['/api/support/orders/MSH-1001/mail']);
    expect(lines.map((l) => l.getAttribute('data-status'))).toEqual(['sent', 'failed', 'pending']);
    expect(lines[0]).toHaveTextContent('Your trip MSH-1001 is waiting for payment');
    expect(lines[0]).toHaveTextContent('mona@example.com');
    expect(lines[0]).toHaveTextContent(sent);
    expect(lines[1]).toHaveTextContent(failed);
    expect(lines[2]).toHaveTextContent(pending);
  });

  it('says when nothing was sent yet', async () => {
    renderList('MSH-2002');
    expect(await screen.findByText('No e-mail about this order yet.')).toBeInTheDocument();
  });
});
