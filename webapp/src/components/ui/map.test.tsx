import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { PointsMap } from './map';

// A stand-in for the browser's IntersectionObserver (jsdom has none): the test says when the observed
// element comes near the screen.
let observers: { callback: IntersectionObserverCallback; targets: Element[]; margin?: string }[] = [];
class FakeIntersectionObserver {
  readonly record: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.record = { callback, targets: [], margin: options?.rootMargin };
    observers.push(this.record);
  }
  observe(target: Element) {
    this.record.targets.push(target);
  }
  disconnect() {
    observers = observers.filter((o) => o !== this.record);
  }
}

function scrollNear(): void {
  for (const o of [...observers]) {
    const entries = o.targets.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry);
    o.callback(entries, o as unknown as IntersectionObserver);
  }
}

const citadel = [{ id: 'citadel', name: 'Citadel', lat: 30.0287, lng: 31.2599 }];

describe('PointsMap', () => {
  beforeEach(() => {
    observers = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps a labelled, busy box in the map’s place while the map is far below the screen', async () => {
    render(<PointsMap label="Map of the Citadel" points={citadel} height={320} />);
    const region = screen.getByRole('region', { name: 'Map of the Citadel' });
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(region.style.height).toBe('320px');
    expect(observers).toHaveLength(1);
    expect(observers[0]?.margin).toBe('25% 0px');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.points-map')).toBeNull();
  });

  it('draws the map with its points once it comes near the screen, and stops watching', async () => {
    render(<PointsMap label="Map of the Citadel" points={citadel} />);
    act(() => scrollNear());
    expect(observers).toHaveLength(0);
    await waitFor(() => expect(document.querySelector('.points-map__marker')).not.toBeNull());
    const region = screen.getByRole('region', { name: 'Map of the Citadel' });
    expect(region.classList.contains('points-map')).toBe(true);
    expect(region.getAttribute('aria-busy')).toBeNull();
  });

  it('chooses a marker reached with the keyboard by Enter or Space, as a click does', async () => {
    const chosen: string[] = [];
    const points = [...citadel, { id: 'ramses', name: 'Ramses Railway Station', lat: 30.0626, lng: 31.2497 }];
    render(<PointsMap label="Map: pickup" points={points} onSelect={(id) => chosen.push(id)} />);
    act(() => scrollNear());
    const ramses = await screen.findByRole('button', { name: 'Ramses Railway Station' });
    ramses.focus();
    fireEvent.keyDown(ramses, { key: 'Enter' });
    const space = fireEvent.keyDown(screen.getByRole('button', { name: 'Citadel' }), { key: ' ' });
    fireEvent.keyDown(ramses, { key: 'a' });
    expect(chosen).toEqual(['ramses', 'citadel']);
    // Space chooses; it does not scroll the page as well.
    expect(space).toBe(false);
  });

  it('keeps the focus on the chosen marker when the choice redraws the map', async () => {
    const points = [...citadel, { id: 'ramses', name: 'Ramses Railway Station', lat: 30.0626, lng: 31.2497 }];
    const view = render(<PointsMap label="Map: pickup" points={points} onSelect={() => undefined} />);
    act(() => scrollNear());
    const before = await screen.findByRole('button', { name: 'Ramses Railway Station' });
    before.focus();
    // The choice comes back as a marker of its own: new points, a new map.
    const chosen = [...points, { id: 'chosen', name: 'Ramses Railway Station (your pickup)', lat: 30.0626, lng: 31.2497, kind: 'start' as const }];
    view.rerender(<PointsMap label="Map: pickup" points={chosen} onSelect={() => undefined} />);
    const after = await screen.findByRole('button', { name: 'Ramses Railway Station' });
    expect(after).not.toBe(before);
    expect(after).toHaveFocus();
  });

  it('is described by its hint, shown above it', () => {
    render(<PointsMap label="Map: pickup" points={citadel} hint="Tab to a pickup point and press Enter, or use the list above." />);
    expect(screen.getByRole('region', { name: 'Map: pickup' })).toHaveAccessibleDescription('Tab to a pickup point and press Enter, or use the list above.');
    expect(screen.getByText('Tab to a pickup point and press Enter, or use the list above.')).toBeVisible();
  });
});
