import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const handlers = new Set<(raw: unknown) => void>();
vi.mock('@/lib/live', () => ({
  live: {
    status: 'disconnected',
    subscribe: (_event: string, handler: (raw: unknown) => void) => {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    request: vi.fn(),
  },
}));

import { useLivePosition } from './position';

const position = (turn: number, at: string, lat = 30.05) => ({
  order_id: 'MSH-ABC234',
  lat,
  lng: 31.23,
  at,
  sent_at: at,
  status: 'picked_up',
  stop: 0,
  eta_minutes: 12,
  driver_turn: turn,
});
// The trip's driver turns: assigned to Karim, then handed to Samir.
const karim = 1;
const samir = 2;
const relay = (raw: unknown) => act(() => handlers.forEach((handler) => handler(raw)));

beforeEach(() => handlers.clear());

describe('the car a traveller’s open page follows', () => {
  it('drops the former driver’s car when the trip is handed over, and takes the new driver’s', () => {
    const { result, rerender } = renderHook(({ driver }) => useLivePosition('MSH-ABC234', driver), { initialProps: { driver: karim } });
    relay(position(karim, '2026-11-29T10:00:00Z'));
    expect(result.current?.driver_turn).toBe(karim);

    rerender({ driver: samir });
    expect(result.current).toBeNull();
    // The former driver's position still on its way is not this trip's car any more.
    relay(position(karim, '2026-11-29T10:00:05Z'));
    expect(result.current).toBeNull();

    relay(position(samir, '2026-11-29T10:00:03Z', 30.06));
    expect(result.current).toMatchObject({ driver_turn: samir, lat: 30.06 });
  });

  it('keeps the car through the trip’s steps by the same driver', () => {
    const { result, rerender } = renderHook(({ driver }) => useLivePosition('MSH-ABC234', driver), { initialProps: { driver: karim } });
    relay(position(karim, '2026-11-29T10:00:00Z'));
    rerender({ driver: karim });
    expect(result.current?.driver_turn).toBe(karim);
  });
});
