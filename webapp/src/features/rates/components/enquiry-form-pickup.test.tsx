import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';
import { setTestSession } from '@/testing/session';

import { clearEnquiryDraft, readEnquiryDraft } from '../utils/enquiry-draft';
import { EnquiryForm } from './enquiry-form';

// A visitor's enquiry about a program starts from a pickup point chosen on another page. The form says
// so from the start, and a date sent without one is stopped before Send, not refused after it.

function serve(posted: unknown[]) {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/rates') return Promise.resolve(json(200, { data: [{ id: 'r1', name: 'Sedan', price_per_km: 10, waiting_per_hour: 50, seats: 4 }] }));
    if (url.pathname === '/api/enquiries' && init?.method === 'POST') posted.push(init.body);
    return Promise.resolve(json(404, { message: 'Not found' }));
  });
}

function renderProgramForm(onNeedPickup: () => void) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <EnquiryForm programId="giza-day" programName="Giza day" onNeedPickup={onNeedPickup} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  clearEnquiryDraft();
  setTestSession(null);
  act(() => useLocaleStore.getState().setLanguage('en'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the pickup point of a visitor’s enquiry', () => {
  it('is asked for from the start, and a date without it is stopped before anything is sent', async () => {
    const posted: unknown[] = [];
    serve(posted);
    const onNeedPickup = vi.fn();
    const user = userEvent.setup();
    renderProgramForm(onNeedPickup);
    const choose = screen.getByRole('button', { name: 'Choose a pickup point' });
    expect(choose).toHaveAccessibleDescription('Needed with a date: it tells which pickup times fit that day.');

    await screen.findByRole('option', { name: /Sedan/ });
    await user.selectOptions(screen.getByLabelText('Rate plan'), 'r1');
    await user.type(screen.getByLabelText('First name'), 'Salma');
    await user.type(screen.getByLabelText('Last name'), 'Zaki');
    await user.click(screen.getByTestId('enquiry-date'));
    await user.click(screen.getByTestId('day-picker-next'));
    const day = screen.getAllByRole('button', { pressed: false }).find((b) => b.dataset.date?.endsWith('-15'));
    if (!day) throw new Error('no day to choose');
    await user.click(day);
    await user.selectOptions(screen.getByTestId('enquiry-time'), '10:00');
    await user.type(screen.getByLabelText('E-mail'), 'salma@example.com');
    await user.type(screen.getByLabelText('Confirm e-mail'), 'salma@example.com');
    await user.type(screen.getByLabelText('Phone (with country code)'), '01001234567');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));

    expect(await screen.findByText('Choose a pickup point for this date, or clear the date and we will propose a day.')).toBeInTheDocument();
    expect(choose).toHaveFocus();
    expect(posted).toHaveLength(0);
    // Going to choose it keeps what was typed, the day and time with it, for the way back.
    await user.click(choose);
    expect(onNeedPickup).toHaveBeenCalledOnce();
    expect(readEnquiryDraft()).toMatchObject({ first_name: 'Salma', date: day.dataset.date, time: '10:00' });
  });

  it('is not asked of a signed-in traveller, whose trip has its own', () => {
    setTestSession({ id: 'u1', first_name: 'Mona', last_name: 'Zaki', email: 'mona@example.com' });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <EnquiryForm programId="giza-day" onNeedPickup={vi.fn()} contact={{ first_name: 'Mona', last_name: 'Zaki', email: 'mona@example.com', phone_number: null }} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Choose a pickup point' })).not.toBeInTheDocument();
  });
});
