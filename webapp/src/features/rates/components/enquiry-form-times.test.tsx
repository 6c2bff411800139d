import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';
import { setTestSession } from '@/testing/session';

import { clearEnquiryDraft, saveEnquiryDraft } from '../utils/enquiry-draft';
import { EnquiryForm } from './enquiry-form';

// An enquiry about a program offers, once a day is chosen, only the pickup times the server says the
// program fits at that day (GET /api/enquiries/pickup-times, the rule POST /api/enquiries decides by).

const DAY = '2099-01-15';

function serve(answer: Record<string, unknown>, asked: URL[]) {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/rates') return Promise.resolve(json(200, { data: [{ id: 'r1', name: 'Sedan', price_per_km: 10, waiting_per_hour: 50 }] }));
    if (url.pathname === '/api/enquiries/pickup-times') {
      asked.push(url);
      return Promise.resolve(json(200, { data: { date: url.searchParams.get('date'), status: 'available', time_zone: 'Africa/Cairo', ...answer } }));
    }
    return Promise.resolve(json(404, { message: 'Not found' }));
  });
}

function renderProgramForm() {
  // Back from choosing a pickup point, with the day chosen before.
  saveEnquiryDraft({ date: DAY, time: '' });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <EnquiryForm programId="giza-day" programName="Giza day" pickup={{ start: 'p1', end: null, label: 'Nile Hotel' }} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const fitting = { times: [{ time: '09:00', finish: '2099-01-15T16:00:00+02:00' }, { time: '11:00', finish: '2099-01-15T18:00:00+02:00' }] };

beforeEach(() => {
  clearEnquiryDraft();
  setTestSession(null);
  act(() => useLocaleStore.getState().setLanguage('en'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the enquiry form’s pickup times', () => {
  it.each([
    ['en', 'Pickup time (Cairo)', ['Choose a pickup time', '09:00', '11:00']],
    ['ar', 'وقت الالتقاء (القاهرة)', ['اختر وقت الانطلاق', '٩:٠٠ ص', '١١:٠٠ ص']],
  ] as const)('offers only the times the program fits on the chosen day (%s)', async (language, label, want) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    const asked: URL[] = [];
    serve(fitting, asked);
    renderProgramForm();
    const select = screen.getByLabelText(label);
    await within(select).findByRole('option', { name: want[1] });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(want);
    expect(select).toBeEnabled();
    // Asked for the program from the pickup point chosen, as the enquiry will be priced.
    expect(asked[0]?.searchParams.get('program')).toBe('giza-day');
    expect(asked[0]?.searchParams.get('start')).toBe('p1');
    expect(asked[0]?.searchParams.get('date')).toBe(DAY);
  });

  it.each([
    ['en', 'Pickup time (Cairo)', 'This trip cannot be booked as one day: Pyramids of Giza is reached after it closes at 17:00 (Cairo time). Move the stops from Pyramids of Giza on to a second trip.'],
    ['ar', 'وقت الالتقاء (القاهرة)', 'لا يمكن حجز هذه الرحلة في يوم واحد: تصل إلى أهرامات الجيزة بعد إغلاقها.'],
  ] as const)('says why and what to do when no time of the day fits (%s)', async (language, label, message) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    serve({ times: [], misfit: 'reached_when_closed', message }, []);
    renderProgramForm();
    expect(await screen.findByText(message)).toHaveAttribute('role', 'alert');
    const select = screen.getByLabelText(label);
    expect(select).toBeDisabled();
    expect(within(select).getAllByRole('option')).toHaveLength(1);
  });

  it('keeps "Any time" while no day is chosen, and asks nothing', async () => {
    const asked: URL[] = [];
    serve(fitting, asked);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <EnquiryForm programId="giza-day" programName="Giza day" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const select = screen.getByTestId('enquiry-time');
    expect(select).toBeDisabled();
    expect(within(select).getByRole('option', { name: 'Any time' })).toBeInTheDocument();
    await screen.findByRole('option', { name: /^Sedan/ });
    expect(asked).toHaveLength(0);
  });

  it('lets a time the day offers be chosen', async () => {
    const user = userEvent.setup();
    serve(fitting, []);
    renderProgramForm();
    const select = screen.getByLabelText('Pickup time (Cairo)');
    await within(select).findByRole('option', { name: '11:00' });
    await user.selectOptions(select, '11:00');
    expect(select).toHaveValue('11:00');
  });

  it('offers only the office’s hours of the day when the server has not said the day’s times', async () => {
    vi.stubGlobal('fetch', (input: string) => {
      const url = new URL(input, 'http://app.test');
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/rates') return Promise.resolve(json(200, { data: [{ id: 'r1', name: 'Sedan', price_per_km: 10, waiting_per_hour: 50 }] }));
      if (url.pathname === '/api/opening-hours')
        return Promise.resolve(json(200, { data: { weekly: [0, 1, 2, 3, 4].map((day) => ({ day, open: '09:00', close: '22:00' })), holidays: [] } }));
      return Promise.resolve(json(422, { message: 'No times', errors: {} }));
    });
    renderProgramForm();
    // Once the day's times are refused, the list of every time of the office's day takes their place.
    await screen.findByRole('option', { name: '09:00' }, { timeout: 10_000 });
    const times = within(screen.getByTestId('enquiry-time')).getAllByRole('option').map((option) => option.getAttribute('value'));
    expect(times[1]).toBe('09:00');
    expect(times.at(-1)).toBe('21:45');
  });
});
