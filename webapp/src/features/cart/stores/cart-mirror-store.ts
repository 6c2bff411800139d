// A copy of the destination ids in the server cart, kept in the `cookieCart`
// cookie for 30 days (spec section 9). The server cart stays the source of
// truth: this mirror is replaced every time the cart is loaded.
import { create } from 'zustand';

import { CART_COOKIE, CART_COOKIE_MAX_AGE_SECONDS } from '@/config/constants';
import { deleteCookie, readCookie, writeCookie } from '@/lib/cookies';

export function readCartCookie(): string[] {
  const raw = readCookie(CART_COOKIE);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((id): id is string | number => typeof id === 'string' || typeof id === 'number').map(String);
  } catch {
    return [];
  }
}

function persist(ids: string[]): void {
  if (ids.length === 0) deleteCookie(CART_COOKIE);
  else writeCookie(CART_COOKIE, JSON.stringify(ids), { maxAgeSeconds: CART_COOKIE_MAX_AGE_SECONDS });
}

interface CartMirrorState {
  ids: string[];
  hydrate: () => void;
  replace: (ids: ReadonlyArray<string | number>) => void;
  add: (id: string | number) => void;
  remove: (id: string | number) => void;
  /** Drops the entries the server rejected (422 errors keyed `destination_ids.{index}`). */
  removeIndexes: (indexes: readonly number[]) => void;
  clear: () => void;
}

export const useCartMirrorStore = create<CartMirrorState>()((set, get) => {
  const commit = (ids: string[]) => {
    persist(ids);
    set({ ids });
  };
  return {
    ids: [],
    hydrate: () => set({ ids: readCartCookie() }),
    replace: (ids) => commit(ids.map(String)),
    add: (id) => {
      const value = String(id);
      if (!get().ids.includes(value)) commit([...get().ids, value]);
    },
    remove: (id) => commit(get().ids.filter((value) => value !== String(id))),
    removeIndexes: (indexes) => commit(get().ids.filter((_, index) => !indexes.includes(index))),
    clear: () => commit([]),
  };
});

/** Indexes named by errors such as `destination_ids.2`. */
export function rejectedIndexes(errors: Record<string, string[]>): number[] {
  return Object.keys(errors)
    .map((key) => /^destination_ids\.(\d+)$/.exec(key)?.[1])
    .filter((index): index is string => index !== undefined)
    .map(Number);
}
