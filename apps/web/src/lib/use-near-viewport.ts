import { useEffect, useState } from 'react';

/**
 * True once the element given to `ref` has come within `margin` of the viewport, and from then on: for heavy
 * parts below the fold (the assets map and its 10,000 markers) that should cost nothing until someone scrolls
 * to them. A callback ref, so that an element rendered later (after data loads) is still observed.
 */
export function useNearViewport(margin = '200px'): { ref: (element: Element | null) => void; near: boolean } {
  const [element, setElement] = useState<Element | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin, near]);
  return { ref: setElement, near };
}
