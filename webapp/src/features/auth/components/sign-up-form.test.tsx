import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

// Client-side rules only: no API server runs here (the browser tests cover the server's answers).
beforeEach(() => {
  setTestSession(null);
  act(() => useLocaleStore.getState().setLanguage('en'));
});

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
    // The calling code is isolated left to right (lib/phone countryKeyLabel), so Arabic never reads "20+".
    expect(picker.options[0]?.textContent).toBe('\u2066+20\u2069 Egypt');
  });

  it.each([
    ['short', 'The password must be 8 to 20 characters.'],
    ['a-password-of-21-char', 'The password must be 8 to 20 characters.'],
  ])('refuses the password %j', async (password, message) => {
    await fill({ name: 'Salma Hassan', email: 's@example.com', phone: '01001234567', password });
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it.each([
    ['en', 'First name can be at most 50 characters.', 'Last name can be at most 50 characters.'],
    ['ar', 'يجب ألّا يزيد «الاسم الأول» على ٥٠ حرفًا.', 'يجب ألّا يزيد «اسم العائلة» على ٥٠ حرفًا.'],
  ] as const)('names the part of a too-long name and its limit (%s)', async (language, first, last) => {
    act(() => useLocaleStore.getState().setLanguage(language));
    const user = userEvent.setup();
    renderApp('/signup');
    const name = await screen.findByLabelText(language === 'ar' ? 'الاسم الكامل' : 'Full name');
    await user.click(name);
    await user.paste(`${'a'.repeat(51)} Hassan`);
    await user.click(screen.getByRole('button', { name: language === 'ar' ? 'إنشاء الحساب' : 'Create account' }));
    expect(await screen.findByText(first)).toBeInTheDocument();
    await user.clear(name);
    await user.paste(`Salma ${'b'.repeat(51)}`);
    await user.click(screen.getByRole('button', { name: language === 'ar' ? 'إنشاء الحساب' : 'Create account' }));
    expect(await screen.findByText(last)).toBeInTheDocument();
  });

  it('asks for every required field', async () => {
    await fill({});
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your e-mail.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your phone number.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
  });
});
