import { useState } from 'react';
import type { Paging } from './data-table';

/** Page and page size of a paged tab, back to the first page whenever `resetOn` changes (a new range or filter). */
export function usePaging(resetOn: string): Omit<Paging, 'total'> {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(100);
  const [pagedFor, setPagedFor] = useState(resetOn);
  if (pagedFor !== resetOn) {
    setPagedFor(resetOn);
    setPage(0);
  }
  return {
    page,
    pageSize,
    onPage: setPage,
    onPageSize: (size) => {
      setPageSize(size);
      setPage(0);
    },
  };
}
