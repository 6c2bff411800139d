import { useEffect, useState } from 'react';

/** Counts whole seconds down to zero, then calls onDone once. */
export function useCountdown(seconds: number, onDone: () => void, active = true): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (!active) return;
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, active, onDone]);
  return left;
}
