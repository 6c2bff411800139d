import { useEffect, useRef, type RefObject } from 'react';

/** What the keyboard can reach in a panel, in order (a control in a hidden or inert part is not). */
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden], [inert], dialog:not([open])'));
}

/**
 * The page's announcers: the toasts and the route announcer stay out of a modal panel's inert page, so
 * a toast shown while a sheet is open is still read (and can be dismissed).
 */
const ANNOUNCERS = '[data-announcer], .Toastify';

/**
 * Makes every element of the page but `keep`, the page's announcers (and their ancestors) inert: out
 * of the keyboard's and a screen reader's reach, and not clickable. Returns the undo, which leaves
 * alone what was inert before.
 */
function inertAround(keep: HTMLElement): () => void {
  const keeps = [keep, ...document.querySelectorAll<HTMLElement>(ANNOUNCERS)];
  const onPath = new Set<Element>();
  for (const kept of keeps) for (let node: Element | null = kept; node && node !== document.body; node = node.parentElement) onPath.add(node);
  const made: HTMLElement[] = [];
  for (const node of onPath) {
    const parent = node.parentElement;
    if (!parent) continue;
    for (const sibling of parent.children) {
      if (onPath.has(sibling) || !(sibling instanceof HTMLElement) || sibling.inert || sibling.tagName === 'SCRIPT') continue;
      sibling.inert = true;
      made.push(sibling);
    }
  }
  return () => {
    for (const el of made) el.inert = false;
  };
}

export interface PanelFocusOptions {
  open: boolean;
  /** Which panel is open, when one element shows several in turn: another one starts over (focus, inert page). */
  which?: string;
  /**
   * A panel that covers the page is modal: focus is kept inside it (Tab and Shift+Tab go round its
   * controls) and the rest of the page is inert until it closes. A panel that covers nothing (a
   * disclosure, a dropdown) is not: the focus or a click leaving it (and its button) closes it.
   */
  modal: boolean;
  /** Closes the panel (the owner's state). */
  onClose: () => void;
  /** The button that opened the panel: the focus goes back to it when the panel closes. */
  opener: () => HTMLElement | null;
  /** Moves the focus into the panel when it opens (to its [data-autofocus] control, else the panel). Default true. */
  focusOnOpen?: boolean;
  /**
   * Not modal: a click or the focus going outside the panel and its button closes it (default true;
   * false for a disclosure in the page's flow, which stays open until its button or Escape closes it).
   */
  closeOnLeave?: boolean;
}

/**
 * The keyboard and focus rules of a panel opened by a button (the site header's panels, the admin
 * menu on a phone), modal or not: Escape closes it and gives the focus back to its button, and so
 * does any close that leaves the focus nowhere (the panel's own close button, a choice inside it); a
 * modal one also traps the focus and makes the rest of the page inert. `ref` is the panel's element.
 */
export function usePanelFocus(ref: RefObject<HTMLElement | null>, { open, which, modal, onClose, opener, focusOnOpen = true, closeOnLeave = true }: PanelFocusOptions): void {
  // The latest callbacks, without reopening the panel's effects when the owner renders again.
  const latest = useRef({ onClose, opener });
  useEffect(() => {
    latest.current = { onClose, opener };
  });

  useEffect(() => {
    const panel = ref.current;
    if (!open || !panel) return;
    const close = () => latest.current.onClose();
    const button = () => latest.current.opener();
    if (focusOnOpen) (panel.querySelector<HTMLElement>('[data-autofocus]') ?? panel).focus();
    const undoInert = modal ? inertAround(panel) : () => undefined;

    const outside = (node: Node | null) => {
      const toggle = button();
      return Boolean(node && node !== document.body && node !== document.documentElement && !panel.contains(node) && !toggle?.contains(node));
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        // Not modal, the panel answers Escape only where the focus is in it or on its button (an
        // Escape meant for a dialog of the page is not the panel's).
        if (!modal && (event.defaultPrevented || outside(document.activeElement))) return;
        event.preventDefault();
        close();
        button()?.focus();
        return;
      }
      if (!modal || event.key !== 'Tab') return;
      // Round the panel's controls: past the last comes the first, before the first the last.
      const items = focusables(panel);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === panel || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    // The press that opened the panel is not one outside it.
    const openedAt = performance.now();
    const onPointer = (event: Event) => {
      if (event.timeStamp < openedAt) return;
      const node = event.target as Node | null;
      // Modal: the page behind is inert, so a tap on it lands on the document itself (its button
      // too: where inert is not known, the button's own click closes it). It closes on the click,
      // once the press has done what it does to the focus, so the focus goes back to the button.
      if (modal ? !panel.contains(node) && !button()?.contains(node) : closeOnLeave && outside(node)) close();
    };
    const onFocus = (event: FocusEvent) => {
      const node = event.target as Node | null;
      if (modal && node instanceof HTMLElement && node !== document.body && !panel.contains(node)) {
        // Nothing behind a modal panel takes the focus: it comes back in.
        (focusables(panel)[0] ?? panel).focus();
      } else if (!modal && closeOnLeave && outside(node)) {
        // Past a dropdown's last control it closes, as a click outside does.
        close();
      }
    };
    document.addEventListener('keydown', onKey);
    const press = modal ? 'click' : 'pointerdown';
    document.addEventListener(press, onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener(press, onPointer);
      document.removeEventListener('focusin', onFocus);
      undoInert();
      // Closed with the focus in it, or the focus lost with it: back to the button that opened it.
      const active = document.activeElement;
      if (!active || active === document.body || panel.contains(active)) button()?.focus();
    };
  }, [open, which, modal, focusOnOpen, closeOnLeave, ref]);
}
