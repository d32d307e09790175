import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * Changes some query parameters and keeps the others. The others are read from the address bar, not from the
 * hook's own copy: that is the last render's, so a second change made before the re-render (a quick double
 * action on a slow machine) would put back what the first had just removed.
 */
export function useSetSearchParams() {
  const [, setParams] = useSearchParams();
  return (changes: Record<string, string | null>, options?: NavigateOptions) =>
    setParams(() => {
      const next = new URLSearchParams(window.location.search);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) next.delete(name);
        else next.set(name, value);
      }
      return next;
    }, options);
}
