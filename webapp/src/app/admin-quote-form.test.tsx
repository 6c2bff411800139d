import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

// The quote form of an enquiry: it says which car the traveller chose, offers only the days and
// times the office works (the settings the server judges a start by), and puts what is wrong next to
// the field it is about, its own rules' and the server's.
const admin = { id: '1', first_name: 'Hoda', last_name: 'Fahmy', email: 'admin@example.com', phone_number: null, role: 'admin' };
const egp = (minor: number) => ({ amount: minor / 100, minor, currency: 'EGP' });
const enquiry = (date: string, time: string) => ({
  trip_number: 'MSH-ENQ234',
  about: 'program',
  status: 'submitted',
  submitted_at: '2026-11-20T10:00:00Z',
  trip: { date, time, pickup: { name: 'Mena House' }, stops: [{ name: 'Giza' }], program: 'Pyramids day', rate_plan: { id: 'sedan', name: 'Sedan' } },
  estimate: egp(250000),
  contact: { first_name: 'Salma', last_name: 'Nabil', email: 'salma@example.com', phone: '+201000000000', travellers: 5 },
});
const hours = {
  data: {
    weekly: [0, 1, 2, 3, 4].map((day) => ({ day, open: '09:00', close: '22:00' })),
    closed_days: [5, 6],
    // Wednesday 16 June 2027 is a holiday.
    holidays: [{ date: '2027-06-16', name: { en: 'Holiday', ar: 'عطلة' } }],
    open_now: false,
    time_zone: 'Africa/Cairo',
  },
};
let listed = enquiry('2027-06-17', '11:00');
let quoteAnswer: { status: number; body: unknown } = { status: 200, body: { data: listed } };
const quoted: unknown[] = [];

beforeEach(() => {
  setTestSession(admin);
  quoted.length = 0;
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://app.test').pathname;
    if (path === '/api/me') return json({ data: admin });
    if (path === '/api/auth/getadmin') return json(admin);
    if (path === '/api/admin/orders') return json({ data: [], total: 0 });
    if (path === '/api/admin/enquiries') return json({ data: [listed], total: 1 });
    if (path === '/api/opening-hours') return json(hours);
    if (path === '/api/admin/enquiries/MSH-ENQ234/quote') {
      quoted.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}'));
      return json(quoteAnswer.body, quoteAnswer.status);
    }
    return json({ message: 'Forbidden' }, 403);
  });
});
afterEach(() => {
  setTestSession(null);
  vi.unstubAllGlobals();
});

async function openEnquiry() {
  renderApp('/admin/purchase_order');
  await userEvent.click(await screen.findByRole('tab', { name: 'Enquiries' }));
  return screen.findByTestId('enquiry-MSH-ENQ234');
}

describe('the quote form of an enquiry', () => {
  it('names the car the traveller chose', async () => {
    listed = enquiry('2027-06-17', '11:00');
    const card = await openEnquiry();
    expect(within(card).getByTestId('enquiry-kind')).toHaveTextContent('Car: Sedan');
  });

  it('offers only the office’s times of the day, and no closed weekday or holiday', async () => {
    listed = enquiry('2027-06-17', '11:00');
    const card = await openEnquiry();
    const time = within(card).getByTestId('quote-time-MSH-ENQ234');
    await waitFor(() => expect(within(time).getAllByRole('option').at(1)).toHaveValue('09:00'));
    const times = within(time).getAllByRole('option').map((option) => option.getAttribute('value'));
    expect(times.at(-1)).toBe('21:45');
    expect(times).not.toContain('08:45');
    await userEvent.click(within(card).getByTestId('quote-date-MSH-ENQ234'));
    const month = screen.getByRole('group', { name: 'June 2027' });
    expect(within(month).getByRole('button', { name: /^Saturday, 19 June 2027/ })).toBeDisabled();
    expect(within(month).getByRole('button', { name: /^Wednesday, 16 June 2027/ })).toBeDisabled();
    expect(within(month).getByRole('button', { name: /^Thursday, 17 June 2027/ })).toBeEnabled();
  });

  it('asks for a date before sending a quote for an enquiry that left it open', async () => {
    listed = enquiry('', '');
    const card = await openEnquiry();
    await userEvent.type(within(card).getByLabelText('Amount (EGP)'), '3,450.50');
    await userEvent.click(within(card).getByRole('button', { name: 'Send the quote' }));
    expect(await within(card).findAllByText('This field is required.')).not.toHaveLength(0);
    expect(within(card).getByTestId('quote-date-MSH-ENQ234')).toHaveAttribute('aria-invalid', 'true');
    expect(quoted).toHaveLength(0);
  });

  it('puts the server’s refusal of the date on the date', async () => {
    listed = enquiry('2027-06-17', '11:00');
    const refusal = 'We do not run trips on this day (a holiday or a day we are closed). Please choose another date.';
    quoteAnswer = { status: 422, body: { message: refusal, errors: { date: [refusal] } } };
    const card = await openEnquiry();
    await userEvent.clear(within(card).getByLabelText('Amount (EGP)'));
    await userEvent.type(within(card).getByLabelText('Amount (EGP)'), '3450.50');
    await userEvent.click(within(card).getByRole('button', { name: 'Send the quote' }));
    expect(await within(card).findByText(refusal)).toBeInTheDocument();
    expect(within(card).getByTestId('quote-date-MSH-ENQ234')).toHaveAttribute('aria-invalid', 'true');
    expect(quoted).toEqual([{ amount: 3450.5, note: '', valid_hours: 48, date: '2027-06-17', time: '11:00' }]);
  });

  it('says a quote whose day the office has since closed needs a new date', async () => {
    listed = { ...enquiry('2027-06-16', '11:00'), status: 'quoted', quote: { amount: egp(345050), valid_until: '2027-06-10T10:00:00Z' }, needs_new_date: true } as typeof listed;
    const card = await openEnquiry();
    expect(within(card).getByTestId('enquiry-needs-new-date')).toHaveTextContent('The office is now closed on this quote’s day');
  });
});
