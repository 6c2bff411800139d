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

// The enquiry form's calendar offers a day only when one of the pickup times the server would offer
// that day fits what the enquiry is about (GET /api/enquiries/calendar, the rule of its pickup times
// and of the checkout's calendar); a day none fits is blocked, saying so as the checkout does.

const DAY = '2099-01-15';

function serve(asked: URL[]) {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/rates') return Promise.resolve(json(200, { data: [{ id: 'r1', name: 'Sedan', price_per_km: 10, waiting_per_hour: 50 }] }));
    if (url.pathname === '/api/enquiries/pickup-times') {
      return Promise.resolve(json(200, { data: { date: url.searchParams.get('date'), status: 'available', time_zone: 'Africa/Cairo', times: [{ time: '09:00', finish: '2099-01-15T16:00:00+02:00' }] } }));
    }
    if (url.pathname === '/api/enquiries/calendar') {
      asked.push(url);
      const from = url.searchParams.get('from') ?? '';
      const days = Array.from({ length: Number(url.searchParams.get('days')) }, (_, i) => {
        const date = `${from.slice(0, 8)}${String(i + 1).padStart(2, '0')}`;
        return date === '2099-01-16' ? { date, status: 'blocked', reason: 'no_start_fits', capacity: 2, taken: 0 } : { date, status: 'available', capacity: 2, taken: 0 };
      });
      return Promise.resolve(json(200, { data: days }));
    }
    return Promise.resolve(json(404, { message: 'Not found' }));
  });
}

beforeEach(() => {
  clearEnquiryDraft();
  setTestSession(null);
  act(() => useLocaleStore.getState().setLanguage('en'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the enquiry form’s calendar', () => {
  it.each([
    ['en', 'No pickup time fits your trip'],
    ['ar', 'لا يناسب رحلتك أي وقت انطلاق'],
  ] as const)('blocks a day at which no pickup time fits the program, saying so as the checkout does (%s)', async (language, label) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    const asked: URL[] = [];
    serve(asked);
    // Back from choosing a pickup point, with the day chosen before.
    saveEnquiryDraft({ date: DAY, time: '' });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <EnquiryForm programId="giza-day" programName="Giza day" pickup={{ start: 'p1', end: null, label: 'Nile Hotel' }} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByTestId('enquiry-date'));
    const grid = screen.getByTestId('enquiry-date-grid');
    const unfit = await within(grid).findByRole('button', { name: new RegExp(`${label}$`) });
    expect(unfit).toBeDisabled();
    expect(unfit).toHaveAttribute('data-date', '2099-01-16');
    expect(grid.querySelector('[data-date="2099-01-15"]')).toBeEnabled();
    // Said in words below the grid, not by colour alone.
    expect(within(grid).getByText(label)).toBeInTheDocument();
    // Asked for the month shown, about the program from the pickup point chosen, as the enquiry is priced.
    expect(asked[0]?.searchParams.get('from')).toBe('2099-01-01');
    expect(asked[0]?.searchParams.get('days')).toBe('31');
    expect(asked[0]?.searchParams.get('program')).toBe('giza-day');
    expect(asked[0]?.searchParams.get('start')).toBe('p1');
  });
});
