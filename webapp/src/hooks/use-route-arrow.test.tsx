import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { useLocaleStore } from '@/stores/locale-store';

import { useRouteArrow } from './use-route-arrow';

afterEach(() => act(() => useLocaleStore.getState().setLanguage('en')));

describe('the arrow between a route’s places', () => {
  it('points the way the line is read: right in English, left in Arabic', () => {
    expect(renderHook(() => useRouteArrow()).result.current).toBe(' → ');
    act(() => useLocaleStore.getState().setLanguage('ar'));
    expect(renderHook(() => useRouteArrow()).result.current).toBe(' ← ');
  });
});
