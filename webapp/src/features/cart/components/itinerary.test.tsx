import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '@/lib/query-client';

import type { Cart } from '../api/get-cart';
import { sampleCart } from '../utils/sample-cart';

import { Itinerary, neighboursOf } from './itinerary';

// The server's answers, held until a test lets them land (the controls are pressed while a change is saved).
const server = vi.hoisted(() => ({ answer: null as null | (() => void), setCart: null as null | ((cart: Cart) => void) }));

vi.mock('../hooks/use-cart-actions', () => ({
  useCartActions: () => {
    const [pending, setPending] = useState(false);
    const answer = (change: (cart: Cart) => Cart, done?: (cart: Cart) => void) => {
      setPending(true);
      server.answer = () => {
        const cart = change(current);
        current = cart;
        server.setCart?.(cart);
        setPending(false);
        done?.(cart);
      };
    };
    return {
      pending,
      move: (id: string, direction: 'up' | 'down', done?: (cart: Cart) => void) =>
        answer((cart) => {
          const items = [...cart.data];
          const at = items.findIndex((item) => item.id === id);
          const to = direction === 'up' ? at - 1 : at + 1;
          [items[at], items[to]] = [items[to]!, items[at]!];
          return { ...cart, data: items };
        }, done),
      remove: (id: string, done?: (cart: Cart) => void) => answer((cart) => ({ ...cart, data: cart.data.filter((item) => item.id !== id) }), done),
      clear: () => undefined,
    };
  },
}));

let current: Cart = sampleCart();

function LiveItinerary() {
  const [cart, setCart] = useState(current);
  useEffect(() => {
    server.setCart = setCart;
  }, []);
  return <Itinerary cart={cart} />;
}

function renderLive() {
  current = sampleCart();
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <LiveItinerary />
    </QueryClientProvider>,
  );
}

function land() {
  act(() => server.answer?.());
}

function renderItinerary() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Itinerary cart={sampleCart()} />
    </QueryClientProvider>,
  );
}

describe('itinerary', () => {
  it('lists the stops in order between the start and the end', () => {
    renderItinerary();
    const stops = screen.getAllByTestId('cart-stop');
    expect(stops.map((stop) => within(stop).getByTestId('cart-stop-name').textContent)).toEqual(['Museum', 'Gone', 'Citadel']);
    expect(screen.getByText('Start')).toBeInTheDocument();
    expect(screen.getByText('End')).toBeInTheDocument();
  });

  it('cannot move the first stop up or the last down', () => {
    renderItinerary();
    expect(screen.getByRole('button', { name: 'Move Museum up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Museum down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Citadel down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Citadel up' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove Gone' })).toBeEnabled();
  });

  it('shows each drive, the closing-time problem and the stop left out', () => {
    renderItinerary();
    expect(screen.getAllByTestId('cart-leg')).toHaveLength(3);
    expect(screen.getByText('Reached after closing time (16:00)')).toBeInTheDocument();
    expect(screen.getByText('No longer available, so it is left out of the trip.')).toBeInTheDocument();
  });

  it('keeps keyboard focus on the moved stop\'s control while saving and after, and announces its new place', async () => {
    renderLive();
    const down = screen.getByRole('button', { name: 'Move Museum down' });
    down.focus();
    await userEvent.keyboard('{Enter}');
    // Saving: the control refuses a second press but keeps focus.
    expect(down).toHaveAttribute('aria-disabled', 'true');
    expect(down).toHaveFocus();
    land();
    expect(screen.getAllByTestId('cart-stop-name').map((name) => name.textContent)).toEqual(['Gone', 'Museum', 'Citadel']);
    expect(screen.getByRole('button', { name: 'Move Museum down' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Museum is now stop 2 of 3.');
  });

  it('moves focus to the other arrow when the moved stop reaches the end of the list', async () => {
    renderLive();
    screen.getByRole('button', { name: 'Move Gone down' }).focus();
    await userEvent.keyboard('{Enter}');
    land();
    expect(screen.getByRole('button', { name: 'Move Gone down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Gone up' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Gone is now stop 3 of 3.');
  });

  it('after removing a stop, focuses the stop that took its place and announces the removal', async () => {
    renderLive();
    screen.getByRole('button', { name: 'Remove Museum' }).focus();
    await userEvent.keyboard('{Enter}');
    land();
    expect(screen.getByRole('button', { name: 'Remove Gone' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Museum was removed from your trip.');
  });

  it('finds the neighbour of a removed stop: the next one, else the ones before', () => {
    expect(neighboursOf(['a', 'b', 'c'], 'b')).toEqual(['c', 'a']);
    expect(neighboursOf(['a', 'b', 'c'], 'c')).toEqual(['b', 'a']);
    expect(neighboursOf(['a'], 'z')).toEqual([]);
  });
});
