import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { AddProgramButton } from './add-program-button';
import { AddToCartButton } from './add-to-cart-button';

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/destination', element },
      { path: '/program/:id', element },
      { path: '/signin', element: <p>Sign-in page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('adding to the trip signed out', () => {
  it('takes a visitor to sign in, asking to come back to the destination', async () => {
    const router = renderAt('/destination?id=giza', <AddToCartButton destinationId="d1" signedIn={false} onSessionExpired={() => undefined} />);
    await userEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/destination?id=giza');
  });

  it('does the same from a program', async () => {
    const router = renderAt('/program/p1', <AddProgramButton programId="p1" signedIn={false} onSessionExpired={() => undefined} />);
    await userEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/program/p1');
  });
});
