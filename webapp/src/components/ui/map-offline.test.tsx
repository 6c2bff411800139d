import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { PointsMap } from './map';

// The map's code cannot be fetched (the connection lost): every attempt to load it fails.
let attempts = 0;
vi.mock('./leaflet-map', () => {
  attempts++;
  throw new Error('offline');
});

describe('PointsMap without its code', () => {
  it('says the map could not be loaded, in its place, and tries again when asked', async () => {
    render(<PointsMap label="Map of the Citadel" points={[{ id: 'c', name: 'Citadel', lat: 30.03, lng: 31.26 }]} />);
    const region = screen.getByRole('region', { name: 'Map of the Citadel' });
    await screen.findByRole('alert');
    expect(region.getAttribute('aria-busy')).toBe('false');
    const before = attempts;
    fireEvent.click(screen.getByRole('button'));
    expect(region.getAttribute('aria-busy')).toBe('true');
    await screen.findByRole('alert');
    expect(attempts).toBeGreaterThan(before);
  });
});
