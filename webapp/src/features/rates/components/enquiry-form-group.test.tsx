import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';
import { setTestSession } from '@/testing/session';

import { clearEnquiryDraft } from '../utils/enquiry-draft';
import { EnquiryForm } from './enquiry-form';

// The group against the seats of the car asked about (the rate plans' list says them): said before
// anything is sent, and the server's refusal (a 422 on travellers) shown on the field.
const SERVER_SAYS = 'Group size: This car cannot seat your whole group. Choose a larger car.';

let posted: Array<Record<string, unknown>>;

function serve() {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/rates') {
      return Promise.resolve(json(200, { data: [
        { id: 'sedan', name: 'Economy sedan', seats: 4, price_per_km: 10, waiting_per_hour: 50 },
        { id: 'van', name: 'Family minivan', seats: 7, price_per_km: 15, waiting_per_hour: 80 },
        { id: 'bus', name: 'Minibus', seats: 14, price_per_km: 20, waiting_per_hour: 100 },
      ] }));
    }
    if (url.pathname === '/api/enquiries' && init?.method === 'POST') {
      posted.push(JSON.parse(init.body as string) as Record<string, unknown>);
      return Promise.resolve(json(422, { message: SERVER_SAYS, errors: { travellers: [SERVER_SAYS] } }));
    }
    return Promise.resolve(json(404, { message: 'Not found' }));
  });
}

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <EnquiryForm programId="prog-1" programName="Islamic Cairo" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Layla');
  await user.type(screen.getByLabelText('Last name'), 'Hassan');
  await user.type(screen.getByLabelText('E-mail'), 'layla@example.com');
  await user.type(screen.getByLabelText('Confirm e-mail'), 'layla@example.com');
  await user.type(screen.getByLabelText('Phone (with country code)'), '01001234567');
  await user.click(screen.getByLabelText('I agree to the terms and the privacy policy'));
}

beforeEach(() => {
  posted = [];
  clearEnquiryDraft();
  setTestSession(null);
  serve();
  act(() => useLocaleStore.getState().setLanguage('en'));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the group size of an enquiry', () => {
  it.each([
    ['en', 'Economy sedan (4 seats)', 'Rate plan', 'Group size', 'This car seats 4. For 6 travellers, choose a larger car.'],
    ['ar', 'Economy sedan (٤ مقاعد)', 'خطة الأسعار', 'عدد المسافرين', 'مقاعد هذه السيارة ٤ فقط، وعدد المسافرين ٦. اختر سيارة أكبر.'],
  ] as const)('names each car with its seats and says a group larger than it as it is typed, naming both (%s)', async (language, option, rateLabel, groupLabel, message) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('option', { name: option });
    await user.selectOptions(screen.getByLabelText(rateLabel), 'sedan');
    await user.type(screen.getByLabelText(groupLabel), '6');
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(groupLabel)).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends nothing for a group larger than the car, and goes to the group size', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('option', { name: /^Economy sedan/ });
    await user.selectOptions(screen.getByLabelText('Rate plan'), 'sedan');
    await user.type(screen.getByLabelText('Group size'), '6');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(screen.getByLabelText('Group size')).toHaveFocus());
    expect(posted).toEqual([]);
  });

  it('says nothing of a group the car seats, nor once a larger car is chosen', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('option', { name: /^Economy sedan/ });
    await user.selectOptions(screen.getByLabelText('Rate plan'), 'sedan');
    await user.type(screen.getByLabelText('Group size'), '4');
    expect(screen.queryByText(/This car seats/)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Group size'));
    await user.type(screen.getByLabelText('Group size'), '6');
    expect(screen.getByText('This car seats 4. For 6 travellers, choose a larger car.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Rate plan'), 'van');
    expect(screen.queryByText(/This car seats/)).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of the group on its field until another car is chosen', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('option', { name: /^Family minivan/ });
    // The minivan's seats changed on the server since the list was read: the server refuses the group.
    await user.selectOptions(screen.getByLabelText('Rate plan'), 'van');
    await user.type(screen.getByLabelText('Group size'), '6');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ rate_id: 'van', travellers: 6 });
    const field = screen.getByLabelText('Group size');
    await waitFor(() => expect(field).toHaveAccessibleDescription(SERVER_SAYS));
    await user.selectOptions(screen.getByLabelText('Rate plan'), 'bus');
    expect(field).not.toHaveAccessibleDescription(SERVER_SAYS);
    expect(field).not.toHaveAttribute('aria-invalid');
  });
});

describe('the group size typed in Arabic-Indic digits', () => {
  it('reads «٦» as 6 and sends it as a number', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('option', { name: /^Family minivan/ });
    await user.selectOptions(screen.getByLabelText('Rate plan'), 'van');
    await user.type(screen.getByLabelText('Group size'), '٦');
    expect(screen.getByLabelText('Group size')).toHaveValue('٦');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ rate_id: 'van', travellers: 6 });
  });

  it.each([
    ['en', 'Economy sedan (4 seats)', 'Rate plan', 'Group size', 'This car seats 4. For 6 travellers, choose a larger car.'],
    ['ar', 'Economy sedan (٤ مقاعد)', 'خطة الأسعار', 'عدد المسافرين', 'مقاعد هذه السيارة ٤ فقط، وعدد المسافرين ٦. اختر سيارة أكبر.'],
  ] as const)('says «٦» is too many for a car of 4 as it is typed (%s)', async (language, option, rateLabel, groupLabel, message) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    const user = userEvent.setup();
    renderForm();
    await screen.findByRole('option', { name: option });
    await user.selectOptions(screen.getByLabelText(rateLabel), 'sedan');
    await user.type(screen.getByLabelText(groupLabel), '٦');
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it.each([
    ['en', 'Group size', 'Send enquiry', 'Please enter a group size from 1 to 50.'],
    ['ar', 'عدد المسافرين', 'أرسل الاستفسار', 'يرجى إدخال عدد مسافرين من ١ إلى ٥٠.'],
  ] as const)('refuses text that is no number in words instead of dropping it (%s)', async (language, groupLabel, send, message) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText(groupLabel), 'six');
    expect(screen.getByLabelText(groupLabel)).toHaveValue('six');
    await user.click(screen.getByRole('button', { name: send }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(posted).toEqual([]);
  });
});
