import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import type * as TripsModule from '../api/trips';
import type { BoardDriver } from '../api/trips';

// A plain function, not a spy: a spy's copy of a refused promise would be reported as unhandled.
const calls: unknown[][] = [];
let answer: () => Promise<unknown> = () => Promise.resolve({});
vi.mock('../api/trips', async (importActual) => ({
  ...(await importActual<typeof TripsModule>()),
  inviteDriver: (...args: unknown[]) => {
    calls.push(args);
    return answer();
  },
}));

import { InviteDriver } from './invite-driver';

const driver: BoardDriver = { id: 'd-1', name: 'Karim Adel', phone: '+201001234567', vehicle: 'Sedan', plate: 'ABC 123', trips_per_day: 2, works_that_day: true, trips: 0, account_version: -1 };

function renderForm(language: 'en' | 'ar') {
  act(() => useLocaleStore.getState().setLanguage(language));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <InviteDriver driver={driver} />
    </QueryClientProvider>,
  );
}

function send(email: string, button: string) {
  fireEvent.change(screen.getByRole('textbox'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

beforeEach(() => {
  calls.length = 0;
});

describe('inviting a driver by e-mail from their record', () => {
  it('sends the e-mail with the link version the board was loaded at and shows the driver invited, not signed in yet, in Cairo time', async () => {
    answer = () => Promise.resolve({ driver_id: 'd-1', email: 'karim@example.com', invited: true, invitation_valid_until: '2026-12-09T10:00:00Z' });
    renderForm('en');
    send(' karim@example.com ', 'Invite by e-mail');
    expect(await screen.findByTestId('invitation-state')).toHaveTextContent(
      /Invited: karim@example.com has not set a password or signed in yet\. The link in the e-mail works until 9 Dec 2026, 12:00 \(Cairo time\)\./,
    );
    expect(calls).toEqual([['d-1', 'karim@example.com', -1]]);
  });

  it('says an existing driver’s account was linked, in Arabic', async () => {
    answer = () => Promise.resolve({ driver_id: 'd-1', email: 'karim@example.com', invited: false });
    renderForm('ar');
    send('karim@example.com', 'دعوة بالبريد الإلكتروني');
    expect(await screen.findByTestId('invitation-state')).toHaveTextContent('لدى karim@example.com حساب سائق بالفعل: تم ربطه الآن.');
  });

  it('shows the server’s refusal of a traveller’s e-mail and asks for an address when none is given', async () => {
    answer = () => Promise.reject(new ApiError(409, 'This e-mail belongs to a traveller’s account.'));
    renderForm('en');
    fireEvent.click(screen.getByRole('button', { name: 'Invite by e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the driver’s e-mail address.');
    expect(calls).toHaveLength(0);
    send('mona@example.com', 'Invite by e-mail');
    expect(await screen.findByText('This e-mail belongs to a traveller’s account.')).toHaveAttribute('role', 'alert');
    expect(screen.queryByTestId('invitation-state')).toBeNull();
  });
});
