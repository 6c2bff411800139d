import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useHeldWhileEdited } from './held';

// Reloading or closing the page with an admin form's changes not saved asks first.
function leave(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('an admin editor', () => {
  it('asks before the page is left while it holds changes, and not once saved or clean', () => {
    const { result } = renderHook(() => useHeldWhileEdited({ version: 3 }));
    expect(leave()).toBe(false);
    act(() => result.current.edited(true));
    expect(leave()).toBe(true);
    act(() => result.current.saved({ version: 4 }));
    expect(leave()).toBe(false);
    act(() => result.current.edited(true));
    act(() => result.current.edited(false));
    expect(leave()).toBe(false);
  });
});
