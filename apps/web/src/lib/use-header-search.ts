import { useDeferredValue } from 'react';
import { useAppStore } from './app-store';
import { searchKey } from './text-search';

/**
 * The header search box's text (spec §2: shared state of the shell) as screens compare it, deferred so that
 * typing stays quick while a long list filters behind it; '' when empty.
 */
export function useHeaderSearch(): string {
  return searchKey(useDeferredValue(useAppStore((s) => s.searchText)));
}
