import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { clearCheckoutDraft, saveCheckoutDraft } from '@/lib/checkout-draft';
import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { CheckoutForm, type CheckoutRate } from './checkout-form';

// The group against the seats of the car chosen: said before anything is sent, and the server's
// refusal (a 422 on travellers) shown on the field.
const RATES: CheckoutRate[] = [
  { value: 'sedan', label: 'Economy sedan', seats: 4 },
  { value: 'van', label: 'Family minivan', seats: 7 },
  { value: 'bus', label: 'Minibus', seats: 14 },
];
const DAY = '2099-03-02';
const SERVER_SAYS = 'This car cannot seat your whole group. Choose a larger car.';

let posted: Array<Record<string, unknown>>;

function serve() {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/orders/settings') {
      return Promise.resolve(json(200, { data: { lead_hours: 12, window_days: 180, hold_minutes: 30, free_cancellation_hours: 24, late_refund_percent: 50, provider: 'sandbox', time_step_minutes: 15 } }));
    }
    if (url.pathname === '/api/orders/pickup-times') {
      return Promise.resolve(json(200, { data: { date: url.searchParams.get('date'), status: 'available', times: [{ time: '10:00', finish: '16:00' }] } }));
    }
    if (url.pathname === '/api/orders' && init?.method === 'POST') {
      posted.push(JSON.parse(init.body as string) as Record<string, unknown>);
      return Promise.resolve(json(422, { message: SERVER_SAYS, errors: { travellers: [SERVER_SAYS] } }));
    }
    return Promise.resolve(json(404, { message: 'Not found' }));
  });
}

/** The form as a traveller left it before (the checkout's draft): all filled in, a group of `travellers`, the car `rate`. */
function renderForm(travellers: string, rate: string) {
  saveCheckoutDraft({
    rate_id: rate, date: DAY, time: '10:00', first_name: 'Mona', last_name: 'Zaki', email: 'mona@example.com', confirm_email: 'mona@example.com',
    phone_region: 'EG', phone_number: '01001234567', country: 'EG', comments: '', travellers, terms: true,
  });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <CheckoutForm rates={RATES} pointsChosen onNeedPickup={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  posted = [];
  clearCheckoutDraft();
  serve();
  act(() => useLocaleStore.getState().setLanguage('en'));
});
afterEach(() => {
  clearCheckoutDraft();
  vi.unstubAllGlobals();
});

describe('the group size at checkout', () => {
  it.each([
    ['en', 'This car seats 4. For 6 travellers, choose a larger car.', 'Continue to payment'],
    ['ar', 'مقاعد هذه السيارة ٤ فقط، وعدد المسافرين ٦. اختر سيارة أكبر.', 'متابعة إلى الدفع'],
  ] as const)('says a group larger than the car before anything is sent, naming both (%s)', async (language, message, pay) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    const user = userEvent.setup();
    renderForm('6', 'sedan');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByTestId('travellers')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByTestId('travellers')).toHaveValue('6'));
    await user.click(screen.getByRole('button', { name: pay }));
    await waitFor(() => expect(screen.getByTestId('travellers')).toHaveFocus());
    expect(posted).toEqual([]);
  });

  it('says nothing of a group the car seats, nor once a larger car is chosen', async () => {
    const user = userEvent.setup();
    renderForm('4', 'sedan');
    await screen.findByRole('option', { name: 'Economy sedan', selected: true });
    expect(screen.queryByText(/This car seats/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByTestId('travellers'), '6');
    expect(screen.getByText('This car seats 4. For 6 travellers, choose a larger car.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Rate plan'), 'van');
    expect(screen.queryByText(/This car seats/)).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of the group on its field until another car is chosen', async () => {
    const user = userEvent.setup();
    // The minivan's seats changed on the server since the list was read: the server refuses the group.
    renderForm('6', 'van');
    await screen.findByRole('option', { name: 'Family minivan', selected: true });
    await screen.findByRole('option', { name: /10:00/, selected: true });
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ rate_plan_id: 'van', travellers: 6 });
    const field = screen.getByTestId('travellers');
    await waitFor(() => expect(field).toHaveAccessibleDescription(SERVER_SAYS));
    await user.selectOptions(screen.getByLabelText('Rate plan'), 'bus');
    expect(field).not.toHaveAccessibleDescription(SERVER_SAYS);
    expect(field).not.toHaveAttribute('aria-invalid');
  });
});
