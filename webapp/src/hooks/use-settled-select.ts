import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';

/**
 * How long a choice made with the arrow keys is held before it counts as made: about the time a
 * screen reader takes to read an option ("Ramses Railway Station, 3 of 12"), so passing over options
 * is not choosing each of them.
 */
export const SETTLE_MS = 1500;

// The keys that move a closed select from option to option (each press a change event in Chrome and
// Firefox on Windows and Linux), and a printable character, which jumps to the option it starts. Not
// Space: it opens the list, whose choice is made at once.
const MOVING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);
const moves = (key: string) => MOVING_KEYS.has(key) || (key.length === 1 && key !== ' ');

/**
 * The props of a select whose every choice is sent somewhere (saved, priced again): a choice made
 * with the pointer, or in the opened list, is sent at once; one made by moving through the closed
 * select with the keys is shown and held until it settles (Enter, leaving the select, or SETTLE_MS
 * without another move), then sent once. Without it each option passed over was sent.
 */
export function useSettledSelect(value: string, choose: (value: string) => void) {
  const [held, setHeld] = useState<string | null>(null);
  // A key that moves the selection is down: the change it causes comes before its keyup.
  const moving = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // A held choice settles after a pause: with the value and the action of that moment, not of the
  // render that started the pause.
  const latest = useRef({ value, choose });
  useEffect(() => {
    latest.current = { value, choose };
  });

  const settle = (chosen: string) => {
    window.clearTimeout(timer.current);
    setHeld(null);
    if (chosen !== latest.current.value) latest.current.choose(chosen);
  };

  return {
    value: held ?? value,
    onChange: (event: ChangeEvent<HTMLSelectElement>) => {
      const chosen = event.target.value;
      if (!moving.current) {
        settle(chosen);
        return;
      }
      setHeld(chosen);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => settle(chosen), SETTLE_MS);
    },
    onKeyDown: (event: KeyboardEvent<HTMLSelectElement>) => {
      if (event.key === 'Enter' && held !== null) {
        event.preventDefault();
        settle(held);
        return;
      }
      moving.current = moves(event.key) && !event.altKey && !event.ctrlKey && !event.metaKey;
    },
    onKeyUp: () => {
      moving.current = false;
    },
    onBlur: () => {
      moving.current = false;
      if (held !== null) settle(held);
    },
  };
}
