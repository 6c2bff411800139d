// Screens that show read models refresh when the live channel says those changed, not on a timer:
// a burst of notices makes one refetch, and a timer is left only for when the socket is down.
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';

import { live as appLive, type Live, type LiveEventName } from './live';

/** How often a screen that follows the live channel reads again while the socket is down. */
export const OFFLINE_REFRESH_MS = 30_000;

export interface Coalesced {
  (): void;
  cancel(): void;
}

/**
 * Calls fn once, wait ms after the last of a burst of calls, and at the latest maxWait ms after the
 * first of them (so a steady stream of notices still refreshes now and then).
 */
export function coalesce(fn: () => void, { wait, maxWait }: { wait: number; maxWait: number }): Coalesced {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let first = 0;
  const fire = () => {
    timer = undefined;
    first = 0;
    fn();
  };
  const call = () => {
    const now = Date.now();
    if (!first) first = now;
    clearTimeout(timer);
    timer = setTimeout(fire, Math.max(0, Math.min(wait, first + maxWait - now)));
  };
  call.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    first = 0;
  };
  return call;
}

export interface RefreshTiming {
  /** Quiet time after the last notice of a burst before refreshing. */
  wait?: number | undefined;
  /** The longest a refresh waits for a burst to end. */
  maxWait?: number | undefined;
}

/**
 * Calls refresh (coalesced) when any of events arrives, and when the socket connects again after
 * a loss (the notices of the gap are lost). Returns what stops it.
 */
export function watchLive(live: Pick<Live, 'subscribe' | 'onStatus' | 'status'>, events: readonly LiveEventName[], refresh: () => void, { wait = 400, maxWait = 2000 }: RefreshTiming = {}): () => void {
  const soon = coalesce(refresh, { wait, maxWait });
  const offs = events.map((event) => live.subscribe(event, soon));
  // A first connection is the page's first read; connected again after having been connected is a
  // reconnection, with a gap in which notices went by.
  let was = live.status;
  let before = was === 'connected';
  const offStatus = live.onStatus((status) => {
    if (status === 'connected' && was !== 'connected') {
      if (before) soon();
      before = true;
    }
    was = status;
  });
  return () => {
    for (const off of offs) off();
    offStatus();
    soon.cancel();
  };
}

/** Whether the live channel is connected now (re-renders when that changes). */
export function useLiveConnected(live: Pick<Live, 'onStatus' | 'status'> = appLive): boolean {
  return useSyncExternalStore(
    (listener) => live.onStatus(listener),
    () => live.status === 'connected',
  );
}

/** Invalidates the queries under queryKey when any of events arrives (see watchLive). */
export function useLiveRefresh(queryKey: QueryKey, events: readonly LiveEventName[], timing?: RefreshTiming) {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  const names = events.join(' ');
  const wait = timing?.wait;
  const maxWait = timing?.maxWait;
  useEffect(
    () => watchLive(appLive, names.split(' ') as LiveEventName[], () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey }), { wait, maxWait }),
    [queryClient, key, names, wait, maxWait],
  );
}
