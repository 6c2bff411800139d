import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

import { LiveCar } from './live-car';

// The last position the driver shared: sent while the car headed for the pickup.
vi.mock('../api/position', () => ({
  RUNNING: new Set(['started', 'picked_up', 'at_stop']),
  useLivePosition: () => ({
    order_id: 'MSH-ABC234',
    lat: 30.05,
    lng: 31.23,
    at: '2026-11-29T10:00:00Z',
    sent_at: '2026-11-29T10:00:01Z',
    status: 'started',
    stop: 0,
    next: { kind: 'pickup', name_en: 'Tahrir Square', name_ar: 'ميدان التحرير', lat: 30.04, lng: 31.24 },
    eta_minutes: 1,
  }),
}));
vi.mock('./live-car-map', () => ({ LiveCarMap: () => null }));

beforeEach(() => act(() => useLocaleStore.getState().setLanguage('en')));

describe('the car on the traveller’s page', () => {
  it('says the minutes to the next stop of the step the position was sent at', () => {
    render(<LiveCar orderId="MSH-ABC234" status="started" stop={0} />);
    expect(screen.getByTestId('live-car-eta')).toHaveTextContent('Tahrir Square');
  });

  it('drops them once the trip has moved on (the travellers are on board), until the next position', () => {
    render(<LiveCar orderId="MSH-ABC234" status="picked_up" stop={0} />);
    expect(screen.queryByTestId('live-car-eta')).toBeNull();
    expect(screen.getByTestId('live-car')).toBeInTheDocument();
  });
});
