import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';
import { renderApp } from '@/testing/render-app';
import { setTestSession } from '@/testing/session';

const staff = (role: string) => ({ id: '9', first_name: 'Hoda', last_name: 'Fahmy', email: `${role}@example.com`, phone_number: null, role });

function serve(person: ReturnType<typeof staff>) {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://app.test');
    if (url.pathname === '/api/me') return Promise.resolve(json(200, { data: person }));
    if (url.pathname === '/api/auth/getadmin') return Promise.resolve(json(200, person));
    return Promise.resolve(json(403, { message: 'Forbidden' }));
  });
}

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));
afterEach(() => vi.unstubAllGlobals());

describe('the staff area’s name beside the logo', () => {
  it.each([
    ['en', 'support', 'Mishwar Support'],
    ['ar', 'support', 'مشوار الدعم الفني'],
    ['en', 'admin', 'Mishwar Admin'],
  ])('(%s) names the staff area after the %s role', async (lang, role, want) => {
    const person = staff(role);
    serve(person);
    act(() => useLocaleStore.getState().setLanguage(lang as 'en' | 'ar'));
    setTestSession(person);
    renderApp('/admin/manifest');
    await screen.findByTestId('admin-menu-toggle');
    await waitFor(() => expect(document.querySelector('a.logo')).toHaveAccessibleName(want));
  });
});
