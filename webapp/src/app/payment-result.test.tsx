import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { useLocaleStore } from '@/stores/locale-store';

import { PaymentOutcomeView } from '@/features/payments/components/payment-result';

function show() {
  const router = createMemoryRouter(
    [
      { path: '/payments/:id', element: <PaymentOutcomeView outcome="success" orderId="MSH-AAAAAA" /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/payments/MSH-AAAAAA?result=success'] },
  );
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

beforeEach(() => {
  act(() => useLocaleStore.getState().setLanguage('en'));
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } })));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the payment result', () => {
  it('moves on by itself unless the reader asks to stay, and its countdown is not read out every second', async () => {
    const router = show();
    const countdown = await screen.findByTestId('payment-countdown');
    expect(countdown).toHaveAttribute('aria-live', 'off');
    await userEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByTestId('payment-countdown')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(router.state.location.pathname).toBe('/payments/MSH-AAAAAA');
    expect(screen.getByTestId('payment-success')).toBeInTheDocument();
  }, 15_000);
});
