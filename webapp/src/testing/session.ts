import { act } from '@testing-library/react';

import { useAuthStore } from '@/features/auth/stores/auth-store';
import type { User } from '@/features/auth/types';

/** Puts the app in a signed-in (or, with null, signed-out) state for a render test. */
export function setTestSession(user: User | null): void {
  act(() =>
    useAuthStore.setState(
      user
        ? { status: 'signedIn', token: 'test-token', user, isAdmin: user.role === 'admin' || user.role === 'support' }
        : { status: 'signedOut', token: null, user: null, isAdmin: false },
    ),
  );
}
