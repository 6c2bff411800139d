import { beforeEach, describe, expect, it } from 'vitest';

import { isPanelOpen, PANEL_IDS, usePanelsStore } from './panels-store';

const state = () => usePanelsStore.getState();

beforeEach(() => state().resetAll());

describe('header panels', () => {
  it('opens a closed panel', () => {
    state().toggle('desktop', 'destinations');
    expect(isPanelOpen(state().open, 'desktop', 'destinations')).toBe(true);
  });

  it('closes the open panel when it is opened again', () => {
    state().toggle('desktop', 'cart');
    state().toggle('desktop', 'cart');
    expect(state().open).toBeNull();
  });

  it('keeps exactly one panel open: opening another closes the first', () => {
    for (const id of PANEL_IDS) {
      state().toggle('desktop', id);
      const open = PANEL_IDS.filter((other) => isPanelOpen(state().open, 'desktop', other));
      expect(open).toEqual([id]);
    }
  });

  it('keeps one open across the desktop and phone sets', () => {
    state().toggle('desktop', 'search');
    state().toggle('phone', 'search');
    expect(isPanelOpen(state().open, 'desktop', 'search')).toBe(false);
    expect(isPanelOpen(state().open, 'phone', 'search')).toBe(true);
  });

  it('gives the cart drawer its own flag, and opening it closes the open panel', () => {
    state().toggle('phone', 'languages');
    state().setCartDrawerOpen(true);
    expect(state().cartDrawerOpen).toBe(true);
    expect(state().open).toBeNull();
    state().toggleCartDrawer();
    expect(state().cartDrawerOpen).toBe(false);
  });

  it('opening a panel closes the cart drawer', () => {
    state().setCartDrawerOpen(true);
    state().toggle('desktop', 'login');
    expect(state().cartDrawerOpen).toBe(false);
  });

  it('resets every panel and the drawer', () => {
    state().setCartDrawerOpen(true);
    state().toggle('desktop', 'chat');
    state().resetAll();
    expect(state()).toMatchObject({ open: null, cartDrawerOpen: false });
  });
});
