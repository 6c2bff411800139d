import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderApp } from '@/testing/render-app';

import { useAuthStore } from '../stores/auth-store';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serve(me: () => Response) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (input: string) => {
    const path = new URL(input, 'http://app.test').pathname;
    asked.push(path);
    if (path === '/api/me') return Promise.resolve(me());
    return Promise.resolve(json(200, { data: [] }));
  });
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ status: 'restoring', token: null, user: null, isAdmin: false, sessionEnded: false });
});

describe('restoring the session', () => {
  it('takes the server\'s null (a visitor without a session) as signed out, not as an error', async () => {
    const asked = serve(() => json(200, null));
    renderApp('/about');
    await waitFor(() => expect(useAuthStore.getState().status).toBe('signedOut'));
    expect(asked).toContain('/api/me');
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('still signs out on a 401 (a session no longer valid)', async () => {
    serve(() => json(401, { message: 'Please sign in first.' }));
    renderApp('/about');
    await waitFor(() => expect(useAuthStore.getState().status).toBe('signedOut'));
  });

  it('says the session has ended when the server no longer knows it as the tab comes back into view', async () => {
    let signedIn = true;
    serve(() => json(200, signedIn ? { id: '7', first_name: 'Mona', last_name: 'Hassan', email: 'mona@example.com', phone_number: null, role: 'user' } : null));
    const { queryClient } = renderApp('/about');
    await waitFor(() => expect(useAuthStore.getState().status).toBe('signedIn'));
    // Signed out in another tab; this one is looked at again.
    signedIn = false;
    await queryClient.refetchQueries({ queryKey: ['auth', 'me'] });
    await waitFor(() => expect(useAuthStore.getState().status).toBe('signedOut'));
    expect(useAuthStore.getState().sessionEnded).toBe(true);
  });

  it('signs in with the user the server names', async () => {
    serve(() => json(200, { id: '7', first_name: 'Mona', last_name: 'Hassan', email: 'mona@example.com', phone_number: null, role: 'user' }));
    renderApp('/about');
    await waitFor(() => expect(useAuthStore.getState().status).toBe('signedIn'));
    expect(useAuthStore.getState().user?.first_name).toBe('Mona');
  });
});
