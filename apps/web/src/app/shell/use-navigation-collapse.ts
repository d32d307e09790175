import { useEffect } from 'react';
import { useAppStore } from '@/lib/app-store';
import { isNavigationWide, RESIZE_DEBOUNCE_MS } from '@/lib/navigation-width';

/** Expands the navigation at 1600 px and wider, collapses it below; resizes settle for 500 ms first. */
export function useNavigationCollapse(): void {
  const setExpanded = useAppStore((s) => s.setNavigationExpanded);
  useEffect(() => {
    let timer: number | undefined;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setExpanded(isNavigationWide(window.innerWidth)), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [setExpanded]);
}
