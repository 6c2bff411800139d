import { useEffect, useState, type RefObject } from 'react';

// Whether an element is on the screen or within `margin` of it, latched: once true it stays true, so
// what it gates is mounted once and never torn down by scrolling away. Where the browser cannot tell
// (no IntersectionObserver) the element counts as near at once.
export function useNearScreen(element: RefObject<Element | null>, margin: string): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: margin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return near;
}
