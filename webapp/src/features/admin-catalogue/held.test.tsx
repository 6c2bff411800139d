import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

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

describe('an admin editor within the app', () => {
  afterEach(() => vi.restoreAllMocks());
  const inRouter = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={['/admin/programs/edit?id=1']}>{children}</MemoryRouter>;
  const use = () => ({ held: useHeldWhileEdited({ version: 3 }), navigate: useNavigate(), path: useLocation().pathname });

  it('asks before a move to another page while it holds changes, and stays if told to', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { result } = renderHook(use, { wrapper: inRouter });
    act(() => result.current.held.edited(true));
    act(() => void result.current.navigate('/admin/programs'));
    expect(confirm).toHaveBeenCalledOnce();
    expect(result.current.path).toBe('/admin/programs/edit');
  });

  it('lets its own move after a save, or after loading the newest, go without asking', () => {
    const confirm = vi.spyOn(window, 'confirm');
    const { result } = renderHook(use, { wrapper: inRouter });
    act(() => result.current.held.edited(true));
    act(() => {
      result.current.held.saved({ version: 4 });
      void result.current.navigate('/admin/programs');
    });
    expect(result.current.path).toBe('/admin/programs');
    act(() => result.current.held.edited(true));
    act(() => {
      result.current.held.reload();
      void result.current.navigate('/admin/home');
    });
    expect(result.current.path).toBe('/admin/home');
    expect(confirm).not.toHaveBeenCalled();
  });
});
