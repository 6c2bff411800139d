import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

import { clearEnquiryDraft, saveEnquiryDraft } from '../utils/enquiry-draft';
import { EnquiryForm } from './enquiry-form';

const DESTINATIONS = [
  { id: 'd1', name: 'Cairo Tower' },
  { id: 'd2', name: 'Citadel' },
];

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <EnquiryForm destinations={DESTINATIONS} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// Client-side rules only (no API server runs here): an over-long value is named, with its limit,
// in the page's language; zod's own English never shows.
beforeEach(() => {
  clearEnquiryDraft();
  setTestSession(null);
  act(() => useLocaleStore.getState().setLanguage('en'));
});

describe('enquiry form', () => {
  it.each([
    ['en', 'Comments or requests', 'Send enquiry', 'Comments or requests can be at most 2,000 characters.', 'First name', 'First name can be at most 100 characters.'],
    ['ar', 'ملاحظات أو طلبات', 'أرسل الاستفسار', 'يجب ألّا يزيد «ملاحظات أو طلبات» على ٢٬٠٠٠ حرف.', 'الاسم الأول', 'يجب ألّا يزيد «الاسم الأول» على ١٠٠ حرف.'],
  ] as const)('names a too-long field and its limit (%s)', async (language, commentsLabel, send, commentsMessage, firstLabel, firstMessage) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    const user = userEvent.setup();
    renderApp('/rates');
    await user.click(await screen.findByLabelText(commentsLabel, undefined, { timeout: 10_000 }));
    await user.paste('x'.repeat(2001));
    await user.click(screen.getByLabelText(firstLabel));
    await user.paste('y'.repeat(101));
    await user.click(screen.getByRole('button', { name: send }));
    expect(await screen.findByText(commentsMessage)).toBeInTheDocument();
    expect(screen.getByText(firstMessage)).toBeInTheDocument();
    expect(screen.queryByText(/Too big|expected string/)).not.toBeInTheDocument();
  });

  it('shows every problem at once: the itinerary with the group size', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('checkbox', { name: 'Cairo Tower' }));
    await user.type(screen.getByLabelText('Group size'), '999');
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByText('Tick at least two destinations, or choose a program instead.')).toBeInTheDocument();
    expect(screen.getByLabelText('Group size')).toHaveAttribute('aria-invalid', 'true');
    // Ticking a second destination takes the itinerary's message away.
    await user.click(screen.getByRole('checkbox', { name: 'Citadel' }));
    expect(screen.queryByText('Tick at least two destinations, or choose a program instead.')).not.toBeInTheDocument();
  });

  it('offers a pickup time only once a date is chosen', () => {
    renderForm();
    const time = screen.getByTestId('enquiry-time');
    expect(time).toBeDisabled();
    expect(time).toHaveAccessibleDescription('Choose a date first to pick a time.');
  });

  it('keeps the ticked destinations through the detour to choose a pickup point, and asks for a time once a day is chosen', async () => {
    const user = userEvent.setup();
    // What the form saved before going to choose a pickup point: a day, no time, two stops in order.
    saveEnquiryDraft({ first_name: 'Salma', date: '2099-01-15', time: '', stops: 'd2,d1' });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <EnquiryForm destinations={DESTINATIONS} pickup={{ start: 'p1', end: null, label: 'Nile Hotel' }} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('checkbox', { name: /Citadel/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Cairo Tower/ })).toBeChecked();
    expect(screen.getByLabelText('First name')).toHaveValue('Salma');
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByText('Choose a time for this day, or clear the day to leave both to us.')).toBeInTheDocument();
    expect(screen.queryByText('Tick at least two destinations, or choose a program instead.')).not.toBeInTheDocument();
  });
});
