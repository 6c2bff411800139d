import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

const statusListeners = new Set<(status: string) => void>();
const liveState = { status: 'connected' };
vi.mock('@/lib/live', () => ({
  live: {
    get status() {
      return liveState.status;
    },
    onStatus: (listener: (status: string) => void) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  },
}));
const sendPosition = vi.fn<(...args: unknown[]) => Promise<unknown>>();
vi.mock('../api/position', () => ({ sendPosition: (...args: unknown[]) => sendPosition(...args) }));

import { ShareLocation } from './share-location';

let giveFix: ((fix: GeolocationPosition) => void) | undefined;
const fix = { coords: { latitude: 30.05, longitude: 31.23, accuracy: 10, heading: null }, timestamp: Date.now() } as unknown as GeolocationPosition;
// The connection's status changes, and the answers it brings settle.
const connection = (status: string) =>
  act(async () => {
    liveState.status = status;
    statusListeners.forEach((listener) => listener(status));
    await Promise.resolve();
  });

beforeEach(() => {
  act(() => useLocaleStore.getState().setLanguage('en'));
  statusListeners.clear();
  sendPosition.mockReset();
  liveState.status = 'connected';
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      watchPosition: (success: (fix: GeolocationPosition) => void) => {
        giveFix = success;
        return 1;
      },
      clearWatch: vi.fn(),
    },
  });
});

async function shareOneFixWhileTheConnectionDrops() {
  render(<ShareLocation orderId="MSH-ABC234" />);
  fireEvent.click(screen.getByTestId('share-location-toggle'));
  // The connection drops as the fix goes: no answer in time.
  sendPosition.mockImplementationOnce(() => {
    liveState.status = 'disconnected';
    return Promise.reject(new Error('operation has timed out'));
  });
  await act(async () => {
    giveFix?.(fix);
    await Promise.resolve();
  });
  expect(screen.getByTestId('share-location-error')).toHaveTextContent('Not connected');
  expect(screen.getByTestId('share-location-status')).toHaveTextContent('not reaching the traveller');
}

describe('the driver’s location after a moment offline', () => {
  it('is said to reach the traveller again once the held-back position is acknowledged, with no new fix', async () => {
    await shareOneFixWhileTheConnectionDrops();
    // Back online: the socket delivered the held-back fix; sent again, the server says it had one a moment ago.
    sendPosition.mockResolvedValueOnce({ ok: false, code: 'tracking.too_often', message: 'Too often' });
    await connection('connected');
    expect(sendPosition).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('share-location-error')).toBeNull();
    expect(screen.getByTestId('share-location-status')).toHaveTextContent('Sharing your location');
  });

  it('still says it does not reach the traveller when the position sent again is refused', async () => {
    await shareOneFixWhileTheConnectionDrops();
    sendPosition.mockResolvedValueOnce({ ok: false, code: 'tracking.position_stale', message: 'Your location is too old.' });
    await connection('connected');
    expect(screen.getByTestId('share-location-error')).toHaveTextContent('too old');
  });
});
