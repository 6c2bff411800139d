// Toasts without react-toastify in the first download: `toast.success(...)` and friends load the
// library (and, through the app provider, its container and styles) the first time one is shown.
// A toast sent before the container has mounted waits in react-toastify's queue and appears with it.

import type * as Toastify from 'react-toastify';

type Library = typeof Toastify;
type Kind = 'success' | 'error' | 'info';

let library: Promise<Library> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

function load(): Promise<Library> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  // The same entry as the container's (the default one): the unstyled entry is a separate bundle
  // with its own store, and toasts sent through one never reach a container from the other.
  // A load that failed (offline) is forgotten: the next toast tries again.
  library ??= import('react-toastify').catch((error: unknown) => {
    library = undefined;
    throw error;
  });
  return library;
}

function show(kind: Kind) {
  return (content: Toastify.ToastContent): void => {
    load().then(
      (toastify) => toastify.toast[kind](content),
      // The chunk could not load (offline): the message is lost, as the page is otherwise unchanged.
      () => undefined,
    );
  };
}

export const toast = { success: show('success'), error: show('error'), info: show('info') };

/** Whether a toast has been asked for yet: the provider mounts the container from then on. */
export const toastsWanted = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): boolean => wanted,
};
