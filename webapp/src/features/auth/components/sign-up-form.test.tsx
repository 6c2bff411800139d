import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

// Client-side rules only: no API server runs here (the browser tests cover the server's answers).
beforeEach(() => setTestSession(null));

async function fill(values: { name?: string; email?: string; country?: string; phone?: string; password?: string }) {
  const user = userEvent.setup();
  renderApp('/signup');
  await screen.findByRole('heading', { name: 'Create your account' });
  if (values.name !== undefined) await user.type(screen.getByLabelText('Full name'), values.name);
  if (values.email !== undefined) await user.type(screen.getByLabelText('E-mail'), values.email);
  if (values.country !== undefined) await user.selectOptions(screen.getByLabelText('Country key'), values.country);
  if (values.phone !== undefined) await user.type(screen.getByLabelText('Phone'), values.phone);
  if (values.password !== undefined) await user.type(screen.getByLabelText('Password'), values.password);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('sign-up form', () => {
  it('needs a first and a last name in the one name field', async () => {
    await fill({ name: 'Salma', email: 's@example.com', phone: '01001234567', password: 'correct-horse' });
    expect(await screen.findByText('Please enter both your first and last name.')).toBeInTheDocument();
  });

  it('checks the phone number against the picked country', async () => {
    await fill({ name: 'Salma Hassan', email: 's@example.com', country: 'SA', phone: '01001234567', password: 'correct-horse' });
    expect(await screen.findByText('Please enter a valid phone number.')).toBeInTheDocument();
  });

  it('offers Egypt first as the country key', async () => {
    renderApp('/signup');
    const picker = await screen.findByLabelText<HTMLSelectElement>('Country key');
    expect(picker.value).toBe('EG');
    expect(picker.options[0]?.textContent).toBe('+20 Egypt');
  });

  it.each([
    ['short', 'The password must be 8 to 20 characters.'],
    ['a-password-of-21-char', 'The password must be 8 to 20 characters.'],
  ])('refuses the password %j', async (password, message) => {
    await fill({ name: 'Salma Hassan', email: 's@example.com', phone: '01001234567', password });
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('asks for every required field', async () => {
    await fill({});
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your e-mail.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your phone number.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
  });
});
