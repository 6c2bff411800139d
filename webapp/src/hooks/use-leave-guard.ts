import { useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_LocationContext, UNSAFE_NavigationContext, createPath, type Location, type Navigator, type To } from 'react-router-dom';

// A screen holding typed work not saved asks before the person leaves it, in their language, and
// stays if they say so. The app routes with the declarative BrowserRouter (the data router's
// useBlocker would weigh on the home page's first download), so the guard stands where every
// in-app move passes:
// - the router's navigator (push/replace): Link and NavLink clicks, navigate() from the app's own
//   buttons, <Navigate>. A move within the same page (same path and query: a hash, a state
//   cleared) goes through; so does the app's own move right after a save (release()).
// - popstate, listened to before the router hears it: Back, Forward, navigate(-1). The browser has
//   already moved when it is told, so the guard moves it back to the entry shown (the router
//   never heard of the move) and, if the person leaves, forward again.
// - beforeunload: reloading, closing, a link out of the app (the browser's own question).
// The question is the app's own dialog (<LeavePrompt />, mounted by a layout) or, where none is
// mounted, the browser's window.confirm.

interface Guard {
  dirty: boolean;
  released: boolean;
}

const guards = new Set<Guard>();
const releaseAll = () => {
  for (const g of guards) g.released = true;
};
const holding = () => [...guards].some((g) => g.dirty && !g.released);

// Where the router is: the path and query shown, and the browser history entry's index (BrowserRouter
// writes `idx` into every entry's state).
let here = '';
let hereIdx: number | undefined;

// The question in flight: what to do if the person leaves, and how to stay.
interface Pending {
  leave: () => void;
  stay: () => void;
}
let pending: Pending | undefined;
// The <LeavePrompt />s mounted, first mounted first.
const shown: object[] = [];
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
let fallbackQuestion = 'You have unsaved changes. Leave this page and lose them?';

function ask(leave: () => void, stay: () => void = () => undefined) {
  if (shown.length === 0) {
    if (window.confirm(fallbackQuestion)) {
      releaseAll();
      leave();
    } else {
      stay();
    }
    return;
  }
  pending?.stay();
  pending = { leave, stay };
  notify();
}

/** The person's answer to the question shown by <LeavePrompt />. */
export function answerLeave(leave: boolean) {
  const p = pending;
  pending = undefined;
  notify();
  if (!p) return;
  if (leave) {
    releaseAll();
    p.leave();
  } else {
    p.stay();
  }
}

/**
 * Whether a question is waiting for the person's answer, for <LeavePrompt />, which shows it. Where
 * two are mounted (a layout's and a form's own), the first one mounted shows it, once.
 */
export function useLeaveQuestion(): boolean {
  const me = useRef<object>({});
  useEffect(() => {
    const token = me.current;
    shown.push(token);
    notify();
    return () => {
      shown.splice(shown.indexOf(token), 1);
      notify();
    };
  }, []);
  return useSyncExternalStore(
    useCallback((l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    }, []),
    () => pending !== undefined && shown[0] === me.current,
  );
}

const pathOf = (to: To) => {
  const path = typeof to === 'string' ? to : createPath(to);
  return path.split('#')[0] ?? '';
};

// The navigator's own push and replace, while guards stand over it.
const patched = new WeakMap<Navigator, { push: Navigator['push']; replace: Navigator['replace']; users: number }>();

function guardNavigator(navigator: Navigator): () => void {
  let own = patched.get(navigator);
  if (!own) {
    // The methods themselves (put back as they were when the last guard goes), called on the navigator.
    const original = { push: Reflect.get<Navigator, 'push'>(navigator, 'push'), replace: Reflect.get<Navigator, 'replace'>(navigator, 'replace'), users: 0 };
    own = original;
    patched.set(navigator, own);
    const wrap =
      (move: Navigator['push']): Navigator['push'] =>
      (to, state, opts) => {
        const go = () => move.call(navigator, to, state, opts);
        if (!holding() || pathOf(to) === here) go();
        else ask(go);
      };
    navigator.push = wrap(original.push);
    navigator.replace = wrap(original.replace);
  }
  own.users += 1;
  const mine = own;
  return () => {
    mine.users -= 1;
    if (mine.users === 0) {
      navigator.push = mine.push;
      navigator.replace = mine.replace;
      patched.delete(navigator);
    }
  };
}

// popstate: the browser moved `delta` entries; `restoring` swallows the pop of our own move back,
// `passing` lets the next one through to the router (the person chose to leave).
let restoring: number | undefined;
let passing = false;
let leaveAfterRestore: (() => void) | undefined;

function onPop(event: PopStateEvent) {
  if (restoring !== undefined) {
    restoring = undefined;
    event.stopImmediatePropagation();
    const then = leaveAfterRestore;
    leaveAfterRestore = undefined;
    then?.();
    return;
  }
  if (passing) {
    passing = false;
    return;
  }
  if (!holding()) return;
  const to = (event.state as { idx?: unknown } | null)?.idx;
  if (typeof to !== 'number' || hereIdx === undefined || to === hereIdx) return;
  const delta = to - hereIdx;
  const forward = () => {
    passing = true;
    window.history.go(delta);
  };
  if (shown.length === 0) {
    // window.confirm holds the page while it asks: a leave lets this pop through as it is.
    if (window.confirm(fallbackQuestion)) {
      releaseAll();
      return;
    }
    event.stopImmediatePropagation();
    restoring = delta;
    window.history.go(-delta);
    return;
  }
  event.stopImmediatePropagation();
  restoring = delta;
  window.history.go(-delta);
  ask(() => {
    if (restoring !== undefined) leaveAfterRestore = forward;
    else forward();
  });
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (holding()) event.preventDefault();
}

let windowUsers = 0;
function guardWindow(): () => void {
  if (windowUsers === 0) {
    window.addEventListener('popstate', onPop, true);
    window.addEventListener('beforeunload', onBeforeUnload);
  }
  windowUsers += 1;
  return () => {
    windowUsers -= 1;
    if (windowUsers === 0) {
      window.removeEventListener('popstate', onPop, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
      restoring = undefined;
      passing = false;
      leaveAfterRestore = undefined;
      // The screen that asked is gone: so is its question.
      if (pending) {
        pending = undefined;
        notify();
      }
    }
  };
}

export interface LeaveGuard {
  /**
   * The work is saved (or dropped) and the screen is about to move on by itself: the next move goes
   * without asking, before the screen has rendered clean.
   */
  release: () => void;
}

/**
 * While `dirty`, leaving the screen within the app (a link, the app's own navigate(), Back or
 * Forward) asks first and does nothing if the person stays; reloading or closing the page gets the
 * browser's own question. Once clean, nothing asks.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const { t } = useTranslation();
  // Read from the router's contexts, not useLocation: a screen rendered outside a router (a test of
  // a form alone) still warns on reload.
  const navigator = (useContext(UNSAFE_NavigationContext) as { navigator: Navigator } | null)?.navigator;
  const location = (useContext(UNSAFE_LocationContext) as { location: Location } | null)?.location;
  const guard = useRef<Guard>({ dirty: false, released: false });

  useEffect(() => {
    fallbackQuestion = t('leaveGuard.text');
  }, [t]);
  useEffect(() => {
    if (!location) return;
    here = location.pathname + location.search;
    const idx = (window.history.state as { idx?: unknown } | null)?.idx;
    hereIdx = typeof idx === 'number' ? idx : undefined;
  }, [location]);
  useEffect(() => {
    guard.current.dirty = dirty;
    guard.current.released = false;
  }, [dirty]);
  useEffect(() => {
    const g = guard.current;
    guards.add(g);
    const unguardNavigator = navigator ? guardNavigator(navigator) : undefined;
    const unguardWindow = guardWindow();
    return () => {
      guards.delete(g);
      unguardNavigator?.();
      unguardWindow();
    };
  }, [navigator]);

  return useMemo(
    () => ({
      release: () => {
        guard.current.released = true;
      },
    }),
    [],
  );
}
