import { useState } from 'react';

import { useLeaveGuard } from '@/hooks/use-leave-guard';

// An admin editor shows one version of its record (or singleton) and the operator types over it.
// The record's data may change underneath: a refetch on window focus, a live catalogue notice,
// another admin's save. A form the operator has changed keeps what they typed, at the version it
// was loaded at (the version its save sends as If-Match, so the server refuses that save until
// they load the newer one), and says a newer one exists; a form they have not changed follows the
// newest data silently. Every editor keys its form by the version shown, so following a newer
// version is a remount with its data.

export interface Versioned {
  readonly version: number;
}

export interface Held<T extends Versioned> {
  /** The version the editor shows: the one loaded when the operator started changing it, else the newest known. */
  shown: T | undefined;
  /** A newer version than the one shown was saved while the operator had changes: their save will be refused. */
  newer: boolean;
  /** The editor tells whether what it holds differs from what it was loaded with. */
  edited: (dirty: boolean) => void;
  /** Drops what the operator typed and shows the newest version. */
  reload: () => void;
  /** The editor's own save went through (with what the server answered, when it answers the record): the form is clean again. */
  saved: (record?: T) => void;
  /**
   * The editor's last save went through and nothing was typed since: its confirmation outlives the
   * editor's remount at the version it saved (state of the editor itself is dropped with it).
   */
  justSaved: boolean;
}

function newest<T extends Versioned>(a: T | undefined, b: T | undefined): T | undefined {
  if (!a) return b;
  if (!b) return a;
  return b.version > a.version ? b : a;
}

export function useHeldWhileEdited<T extends Versioned>(latest: T | undefined): Held<T> {
  // pinned: the version the operator is editing (while dirty), or the newest this editor saved
  // itself (its answer may come before the refetch).
  const [state, setState] = useState<{ pinned?: T; dirty: boolean; justSaved?: boolean }>({ dirty: false });
  const following = newest(state.pinned, latest);
  const shown = state.dirty ? state.pinned : following;
  const newer = Boolean(state.dirty && state.pinned && latest && latest.version > state.pinned.version);
  // While the operator has changes, leaving (a link, Back, a reload) asks first; a save or a reload
  // of the newest lets the editor's own move that follows (back to its list) go without asking.
  const guard = useLeaveGuard(state.dirty);
  return {
    shown,
    newer,
    justSaved: Boolean(state.justSaved),
    edited: (dirty) => setState((s) => (dirty ? (s.dirty ? s : { pinned: shown, dirty: true }) : s.dirty ? { pinned: s.pinned, dirty: false } : s)),
    reload: () => {
      guard.release();
      setState({ pinned: latest, dirty: false });
    },
    saved: (record) => {
      guard.release();
      setState((s) => ({ pinned: newest(s.pinned, record), dirty: false, justSaved: true }));
    },
  };
}

/** Deep equality of form values, whatever the order of their keys; a key holding undefined is a key not there. */
export function sameValues(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValues(x, b[i]));
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameValues((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
