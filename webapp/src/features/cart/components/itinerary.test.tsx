import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createQueryClient } from '@/lib/query-client';

import { sampleCart } from '../utils/sample-cart';

import { Itinerary } from './itinerary';

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
});
