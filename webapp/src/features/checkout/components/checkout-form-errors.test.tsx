import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { clearCheckoutDraft, saveCheckoutDraft } from '@/lib/checkout-draft';
import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { CheckoutForm } from './checkout-form';

// What Continue says of the fields left out: each error names what to do, and is the description of
// the control it belongs to (a screen reader reads it on reaching the control, not only once).
const DAY = '2099-03-02';

function serve() {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/orders/settings') {
      return Promise.resolve(json(200, { data: { lead_hours: 12, window_days: 180, hold_minutes: 30, free_cancellation_hours: 24, late_refund_percent: 50, provider: 'sandbox', time_step_minutes: 15 } }));
    }
    if (url.pathname === '/api/orders/pickup-times') {
      return Promise.resolve(json(200, { data: { date: url.searchParams.get('date'), status: 'available', times: [{ time: '10:00', finish: '16:00' }] } }));
    }
    return Promise.resolve(json(404, { message: 'Not found' }));
  });
}

beforeEach(() => {
  clearCheckoutDraft();
  serve();
});
afterEach(() => {
  clearCheckoutDraft();
  vi.unstubAllGlobals();
});

describe('Continue with the pickup time and the terms left out', () => {
  it.each([
    ['en', 'Continue to payment', 'Please choose a pickup time.', 'Please agree to the terms.'],
    ['ar', 'متابعة إلى الدفع', 'يرجى اختيار وقت الانطلاق.', 'يرجى الموافقة على الشروط.'],
  ] as const)('asks for a pickup time and for the terms, each on its control (%s)', async (language, pay, chooseTime, agree) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    // Everything else filled in: a day chosen, no time, the terms not ticked.
    saveCheckoutDraft({
      rate_id: 'sedan', date: DAY, time: '', first_name: 'Mona', last_name: 'Zaki', email: 'mona@example.com', confirm_email: 'mona@example.com',
      phone_region: 'EG', phone_number: '01001234567', country: 'EG', comments: '', travellers: '', terms: false,
    });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <CheckoutForm rates={[{ value: 'sedan', label: 'Economy sedan', seats: 4 }]} pointsChosen onNeedPickup={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const time = screen.getByTestId('pickup-time');
    await waitFor(() => expect(time).toBeEnabled());
    await user.click(screen.getByRole('button', { name: pay }));
    await waitFor(() => expect(time).toHaveAccessibleDescription(chooseTime));
    expect(time).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(agree);
  });
});
