import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { usePanelsStore } from '@/stores/panels-store';

import { cartSchema, type Cart } from '../api/cart-schemas';
import { useCartMirrorStore } from '../stores/cart-mirror-store';

import { useCartSync } from './use-cart-sync';

const stop = (id: string, destination: string) => ({ id, destination_id: destination });
const cartOf = (...stops: ReturnType<typeof stop>[]): Cart => cartSchema.parse({ data: stops, trip_calculations: null });

beforeEach(() => {
  usePanelsStore.getState().resetAll();
  useCartMirrorStore.setState({ ids: [] });
});

describe('after the cart loads', () => {
  it('mirrors the destination ids into the cookie cart', () => {
    const cart = cartOf(stop('a', '10'), stop('b', '11'));
    renderHook(() => useCartSync(cart, 1));
    expect(useCartMirrorStore.getState().ids).toEqual(['10', '11']);
  });

  it('resets every panel when the cart loads empty', () => {
    usePanelsStore.getState().toggle('desktop', 'cart');
    usePanelsStore.getState().setCartDrawerOpen(true);
    renderHook(() => useCartSync(cartOf(), 1));
    expect(usePanelsStore.getState()).toMatchObject({ open: null, cartDrawerOpen: false });
  });

  it('leaves panels alone when the cart has stops', () => {
    usePanelsStore.getState().toggle('desktop', 'cart');
    renderHook(() => useCartSync(cartOf(stop('a', '1')), 1));
    expect(usePanelsStore.getState().open).toEqual({ set: 'desktop', id: 'cart' });
  });
});
