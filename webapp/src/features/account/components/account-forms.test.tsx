import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

// Client-side rules of the account forms (no API server runs here).
const traveller = { id: '1', first_name: 'Salma', last_name: 'Hassan', email: 's@example.com', phone_number: '+201001234567', role: 'user' };

beforeEach(() => setTestSession(traveller));

describe('change password', () => {
  it('needs the current password, 8 to 20 characters and a matching confirmation', async () => {
    const user = userEvent.setup();
    renderApp('/account?tab=password');
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Please enter your current password.')).toBeInTheDocument();
    expect(screen.getByText('The password must be 8 to 20 characters.')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
  });

  it('offers to sign out the other devices with the change', async () => {
    renderApp('/account?tab=password');
    expect(await screen.findByLabelText('Also sign out on all other devices')).not.toBeChecked();
  });
});

describe('personal info', () => {
  it('starts from the signed-in user and asks for the password only when the e-mail changes', async () => {
    const user = userEvent.setup();
    renderApp('/account');
    expect(await screen.findByLabelText('First name')).toHaveValue('Salma');
    expect(screen.getByLabelText('Phone')).toHaveValue('010 01234567');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter your current password to change your e-mail.')).toBeInTheDocument();
  });

  it('names the field and its limit for a first name too long', async () => {
    const user = userEvent.setup();
    renderApp('/account');
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.paste('n'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('First name can be at most 50 characters.')).toBeInTheDocument();
  });

  it('refuses a name with digits', async () => {
    const user = userEvent.setup();
    renderApp('/account');
    await user.type(await screen.findByLabelText('Last name'), '2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Names may contain letters, spaces, hyphens and apostrophes only.')).toBeInTheDocument();
  });
});

describe('saved addresses', () => {
  it("says the spec's message when no location is selected", async () => {
    const user = userEvent.setup();
    renderApp('/account?tab=addresses');
    await user.type(await screen.findByLabelText('Name'), 'Home');
    await user.click(screen.getByRole('button', { name: 'Save location' }));
    expect(await screen.findByText('Save location needs a selected source or end location')).toBeInTheDocument();
  });

  it('names the field and its limit for a name too long', async () => {
    const user = userEvent.setup();
    renderApp('/account?tab=addresses');
    await user.click(await screen.findByLabelText('Name'));
    await user.paste('x'.repeat(81));
    await user.click(screen.getByRole('button', { name: 'Save location' }));
    expect(await screen.findByText('Name can be at most 80 characters.')).toBeInTheDocument();
  });

  it('keeps places inside Cairo', async () => {
    const user = userEvent.setup();
    renderApp('/account?tab=addresses');
    await user.type(await screen.findByLabelText('Name'), 'Alexandria');
    await user.type(screen.getByLabelText('Latitude'), '31.2');
    await user.type(screen.getByLabelText('Longitude'), '29.9');
    await user.click(screen.getByRole('button', { name: 'Save location' }));
    expect(await screen.findByText('This place is outside our service area (Cairo).')).toBeInTheDocument();
  });
});
