// The mutation layer: every user action that changes something is one command with one
// Idempotency-Key, made when the action starts. Tried again (the same variables after a failure: a lost
// answer, a timeout), it sends the same key, and the server answers with the first outcome instead of
// doing it twice; a second click while the first is on its way is the same action and sends nothing
// more. The next action (after a success, or with other variables) gets a new key.
import { useMutation, type DefaultError, type MutationFunction, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useRef } from 'react';

import { newIdempotencyKey, withIdempotencyKey } from './api-client';

/** One user action: the key its requests carry, and the request on its way while it is. */
export interface Action<TData> {
  fingerprint: string;
  key: string;
  pending: Promise<TData> | null;
  succeeded: boolean;
}

// Files and forms have no JSON of their own: each is told apart by identity.
const identities = new WeakMap<object, number>();
let nextIdentity = 0;

/** What makes two calls the same action: their variables, compared by value. */
export function fingerprint(variables: unknown): string {
  // JSON.stringify says nothing (undefined) for an action without variables.
  const text = JSON.stringify(variables, (_, value: unknown) => {
    if ((typeof Blob !== 'undefined' && value instanceof Blob) || (typeof FormData !== 'undefined' && value instanceof FormData)) {
      let id = identities.get(value);
      if (id === undefined) {
        id = nextIdentity += 1;
        identities.set(value, id);
      }
      return `#object-${String(id)}`;
    }
    return value;
  }) as string | undefined;
  return text ?? 'undefined';
}

/**
 * Starts the call for variables, as part of the last action or as a new one: joined while the last
 * action's request with the same variables is on its way, sent again with its key after it failed,
 * and a new action (a new key) after it succeeded or for other variables.
 */
export function startAction<TData>(last: Action<TData> | null, variables: unknown, run: () => Promise<TData>): { action: Action<TData>; promise: Promise<TData> } {
  const print = fingerprint(variables);
  const same = last !== null && !last.succeeded && last.fingerprint === print ? last : null;
  if (same?.pending) return { action: same, promise: same.pending };
  const key = same ? same.key : newIdempotencyKey();
  const promise = withIdempotencyKey(key, run);
  const action: Action<TData> = { fingerprint: print, key, pending: promise, succeeded: false };
  promise.then(
    () => {
      action.pending = null;
      action.succeeded = true;
    },
    () => {
      action.pending = null;
    },
  );
  return { action, promise };
}

/** useMutation for a command (use it for every request that changes something; ESLint says so). */
export function useCommand<TData = unknown, TVariables = void, TOnMutateResult = unknown>(
  options: UseMutationOptions<TData, DefaultError, TVariables, TOnMutateResult> & { mutationFn: MutationFunction<TData, TVariables> },
): UseMutationResult<TData, DefaultError, TVariables, TOnMutateResult> {
  const last = useRef<Action<TData> | null>(null);
  const { mutationFn } = options;
  return useMutation({
    ...options,
    mutationFn: (variables, context) => {
      const { action, promise } = startAction(last.current, variables, () => mutationFn(variables, context));
      last.current = action;
      return promise;
    },
  });
}
