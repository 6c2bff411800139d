// Header panels. The spec's rule — only one panel open at a time, opening the
// open one closes it — is kept by the shape of the state: there is a single
// `open` slot, so two open panels cannot be represented at all.
import { create } from 'zustand';

export const PANEL_IDS = [
  'destinations',
  'programs',
  'categories',
  'notifications',
  'languages',
  'cart',
  'search',
  'login',
  'chat',
] as const;
export type PanelId = (typeof PANEL_IDS)[number];
export type PanelSet = 'desktop' | 'phone';

export interface OpenPanel {
  set: PanelSet;
  id: PanelId;
}

interface PanelsState {
  open: OpenPanel | null;
  cartDrawerOpen: boolean;
  toggle: (set: PanelSet, id: PanelId) => void;
  close: () => void;
  setCartDrawerOpen: (open: boolean) => void;
  toggleCartDrawer: () => void;
  resetAll: () => void;
}

export const usePanelsStore = create<PanelsState>()((set) => ({
  open: null,
  cartDrawerOpen: false,
  toggle: (panelSet, id) =>
    set((state) => {
      const isOpen = state.open?.set === panelSet && state.open.id === id;
      return isOpen ? { open: null } : { open: { set: panelSet, id }, cartDrawerOpen: false };
    }),
  close: () => set({ open: null }),
  setCartDrawerOpen: (open) => set(open ? { cartDrawerOpen: true, open: null } : { cartDrawerOpen: false }),
  toggleCartDrawer: () =>
    set((state) => (state.cartDrawerOpen ? { cartDrawerOpen: false } : { cartDrawerOpen: true, open: null })),
  resetAll: () => set({ open: null, cartDrawerOpen: false }),
}));

export const isPanelOpen = (open: OpenPanel | null, set: PanelSet, id: PanelId): boolean =>
  open?.set === set && open.id === id;

export const panelDomId = (set: PanelSet, id: PanelId) => `panel-${set}-${id}`;
export const panelToggleDomId = (set: PanelSet, id: PanelId) => `panel-toggle-${set}-${id}`;
