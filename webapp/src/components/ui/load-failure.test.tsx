import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { lazyComponent } from '@/lib/lazy-component';
import { useLocaleStore } from '@/stores/locale-store';

import { LoadFailureBoundary } from './load-failure';

const FETCH_FAILED = 'Failed to fetch dynamically imported module: http://localhost/assets/part.js';

/** A part whose code fails to load until `reachable` says otherwise. */
function partBehindTheNetwork() {
  const network = { reachable: false, loads: 0 };
  const Part = lazyComponent(() => {
    network.loads += 1;
    return network.reachable ? Promise.resolve(() => <p>The part</p>) : Promise.reject(new TypeError(FETCH_FAILED));
  });
  return { network, Part };
}

class Outer extends Component<{ children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    return this.state.error === undefined ? this.props.children : <p>The boundary above</p>;
  }
}

beforeEach(() => {
  // React reports each caught failure on the console: expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  act(() => useLocaleStore.getState().setLanguage('en'));
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
afterEach(() => vi.restoreAllMocks());

describe('a part whose code did not load', () => {
  it('shows nothing in its place when silent, and loads when the connection is back', async () => {
    const { network, Part } = partBehindTheNetwork();
    render(
      <>
        <p>The page</p>
        <LoadFailureBoundary silent>
          <Suspense fallback={null}>
            <Part />
          </Suspense>
        </LoadFailureBoundary>
      </>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('The page')).toBeInTheDocument();
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument();
    network.reachable = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('The part')).toBeInTheDocument();
    expect(network.loads).toBe(2);
  });

  it('is tried again at the next address', async () => {
    const { network, Part } = partBehindTheNetwork();
    const page = (address: string) => (
      <LoadFailureBoundary resetKey={address}>
        <Suspense fallback={null}>
          <Part />
        </Suspense>
      </LoadFailureBoundary>
    );
    const view = render(page('/about'));
    expect(await screen.findByText('You seem to be offline.')).toBeInTheDocument();
    network.reachable = true;
    view.rerender(page('/terms'));
    expect(await screen.findByText('The part')).toBeInTheDocument();
  });
});

describe('a part that breaks for another reason', () => {
  it('is left to the boundary above', () => {
    const Broken = () => {
      throw new Error('Cannot read properties of undefined');
    };
    render(
      <Outer>
        <LoadFailureBoundary>
          <Broken />
        </LoadFailureBoundary>
      </Outer>,
    );
    expect(screen.getByText('The boundary above')).toBeInTheDocument();
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument();
  });
});
