import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useCartMirrorStore } from '../stores/cart-mirror-store';

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
    const router = renderAt('/destination?id=giza', <AddToCartButton destinationId="d1" signedIn={false} />);
    await userEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signin');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/destination?id=giza');
  });

  it('does the same from a program', async () => {
    const router = renderAt('/program/p1', <AddProgramButton programId="p1" signedIn={false} />);
    await userEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/program/p1');
  });
});

describe('adding to the trip from the keyboard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    act(() => useCartMirrorStore.getState().clear());
  });

  for (const [status, body] of [
    [201, { message: 'Added to your trip.', version: 3 }],
    // Already there (another tab added it): the button becomes the link all the same.
    [409, { message: 'This destination is already in your trip.' }],
  ] as const) {
    it(`keeps the focus on the "In your trip" link that replaces the button (${status})`, async () => {
      vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })));
      act(() => useCartMirrorStore.getState().clear());
      const user = userEvent.setup();
      renderAt('/destination?id=giza', <AddToCartButton destinationId="d1" signedIn />);
      await user.tab();
      expect(screen.getByRole('button', { name: 'Add to trip' })).toHaveFocus();
      await user.keyboard('{Enter}');
      const link = await screen.findByRole('link', { name: 'In your trip' });
      expect(link).toHaveFocus();
    });
  }

  it('leaves the focus alone when the button was not where it was', async () => {
    act(() => useCartMirrorStore.getState().clear());
    renderAt('/destination?id=giza', <AddToCartButton destinationId="d1" signedIn />);
    // Added elsewhere (the live channel, another tab) while the traveller was not on the button.
    act(() => useCartMirrorStore.getState().add('d1'));
    expect(await screen.findByRole('link', { name: 'In your trip' })).not.toHaveFocus();
  });
});
