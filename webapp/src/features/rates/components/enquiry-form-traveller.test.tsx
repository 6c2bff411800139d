import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { toast } from '@/lib/toast';
import { useLocaleStore } from '@/stores/locale-store';

import { EnquiryForm, type EnquiryTripStop } from './enquiry-form';

// A signed-in traveller's enquiry about the trip in their cart (no program, no visitor's list): the app
// hands the form the traveller's details and the cart's stops.
const traveller = { first_name: 'Salma', last_name: 'Nabil', email: 'salma@example.com', phone_number: '+201001234567' };
const item = (id: string, name: string): EnquiryTripStop => ({ id, name });

interface Served {
  /** The cart's stops, as the app reads them (again when the form asks). */
  stops: EnquiryTripStop[];
  /** The answer to POST /api/enquiries. */
  answer: { status: number; body: unknown };
  sent: Array<Record<string, unknown>>;
}

function serve(served: Served) {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/rates') return Promise.resolve(json(200, { data: [{ id: 'r1', name: 'Sedan', price_per_km: 10, waiting_per_hour: 50 }] }));
    if (url.pathname === '/api/enquiries' && init?.method === 'POST') {
      served.sent.push(JSON.parse(init.body as string) as Record<string, unknown>);
      return Promise.resolve(json(served.answer.status, served.answer.body));
    }
    return Promise.resolve(json(404, { message: 'Not found' }));
  });
}

function SignedInEnquiry() {
  const [stops, setStops] = useState(served.stops);
  return <EnquiryForm contact={traveller} trip={{ stops, loading: false, failed: false, reload: () => setStops(served.stops) }} />;
}

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SignedInEnquiry />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function fillTheRest(user: ReturnType<typeof userEvent.setup>, rateLabel = 'Rate plan', agree = 'I agree to the terms and the privacy policy') {
  await screen.findByRole('option', { name: /^Sedan/ });
  await user.selectOptions(screen.getByLabelText(rateLabel), 'r1');
  await user.click(screen.getByLabelText(agree));
}

let served: Served;
beforeEach(() => {
  served = { stops: [item('1', 'Cairo Tower'), item('2', 'Citadel'), item('3', 'Khan el-Khalili')], answer: { status: 201, body: { data: { trip_number: 'MSH-ABC234' } } }, sent: [] };
  serve(served);
  act(() => useLocaleStore.getState().setLanguage('en'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a signed-in traveller’s enquiry about their trip', () => {
  it('is pre-filled from the account as checkout is, with the country key and country pickers', async () => {
    renderForm();
    expect(await screen.findByDisplayValue('Salma')).toHaveAccessibleName('First name');
    expect(screen.getByLabelText('Last name')).toHaveValue('Nabil');
    expect(screen.getByLabelText('E-mail')).toHaveValue('salma@example.com');
    expect(screen.getByLabelText('Confirm e-mail')).toHaveValue('salma@example.com');
    expect(screen.getByLabelText('Country key')).toHaveValue('EG');
    expect(screen.getByLabelText('Phone (with country code)')).toHaveValue('010 01234567');
    const country = screen.getByLabelText('Country');
    expect(country.tagName).toBe('SELECT');
    expect(country).toHaveValue('EG');
  });

  it('sends the phone in E.164 and the country as its region code, as checkout does', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByDisplayValue('Salma');
    await fillTheRest(user);
    await user.selectOptions(screen.getByLabelText('Country'), 'SA');
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    // The confirmation takes the form's place and the focus: on a phone the button was near the page's end.
    expect(await screen.findByTestId('enquiry-confirmation')).toHaveFocus();
    expect(served.sent[0]).toMatchObject({ phone: '+201001234567', country_key: '', country: 'SA', first_name: 'Salma', email: 'salma@example.com' });
    expect(served.sent[0]).not.toHaveProperty('phone_number');
    expect(served.sent[0]).not.toHaveProperty('destination_ids');
  });

  it('shows which trip the enquiry is about: the cart’s stops in order', async () => {
    renderForm();
    const trip = await screen.findByTestId('enquiry-trip');
    expect(await within(trip).findByText('Khan el-Khalili')).toBeInTheDocument();
    expect(within(trip).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1Cairo Tower', '2Citadel', '3Khan el-Khalili']);
    expect(within(trip).queryByTestId('enquiry-trip-short')).not.toBeInTheDocument();
  });

  it('says before sending that a trip of one stop needs another, with a link to add destinations, and sends nothing', async () => {
    served.stops = [item('1', 'Cairo Tower')];
    const user = userEvent.setup();
    renderForm();
    const short = await screen.findByTestId('enquiry-trip-short');
    expect(short).toHaveTextContent('Your trip needs at least two stops before we can price it.');
    expect(within(short).getByRole('link', { name: 'Add destinations' })).toHaveAttribute('href', '/destinations');
    await screen.findByDisplayValue('Salma');
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your trip needs at least two stops before we can price it.');
    expect(served.sent).toEqual([]);
  });

  it('shows the server’s refusal of a trip emptied meanwhile (an order paid), in Arabic with the link', async () => {
    act(() => useLocaleStore.getState().setLanguage('ar'));
    served.answer = { status: 422, body: { message: 'بيانات غير صالحة', errors: { destinations: ['يرجى إضافة أكثر من وجهة.'] } } };
    const user = userEvent.setup();
    renderForm();
    await screen.findByText('Citadel');
    await screen.findByDisplayValue('Salma');
    await fillTheRest(user, 'خطة الأسعار', 'أوافق على الشروط وسياسة الخصوصية');
    // Paid meanwhile: the cart is empty when it is read again.
    served.stops = [];
    await user.click(screen.getByRole('button', { name: 'أرسل الاستفسار' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('يرجى إضافة أكثر من وجهة.');
    expect(within(alert).getByRole('link', { name: 'أضف وجهات' })).toHaveAttribute('href', '/destinations');
    expect(served.sent).toHaveLength(1);
  });

  it('never fails silently: an error about a field the form does not have is toasted', async () => {
    const errorToast = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    served.answer = { status: 422, body: { message: 'Invalid', errors: { currency: ['Currency: not offered.'], first_name: ['First name: too odd.'] } } };
    const user = userEvent.setup();
    renderForm();
    await screen.findByDisplayValue('Salma');
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByText('First name: too odd.')).toBeInTheDocument();
    expect(errorToast).toHaveBeenCalledWith('Currency: not offered.');
  });
});
