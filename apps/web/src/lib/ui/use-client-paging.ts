import { useState } from 'react';
import type { Paging } from './data-table';

/**
 * A page of a list the screen already holds (the fleet's 10,000 devices, a POI report's locations), for
 * DataTable's pager: a table of every row would be hundreds of thousands of cells. A page beyond the list (after a
 * filter shortened it) shows the last page.
 */
export function useClientPaging<Row>(rows: readonly Row[], initialPageSize = 100): { pageRows: readonly Row[]; paging: Paging } {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const shownPage = Math.min(page, lastPage);
  return {
    pageRows: rows.slice(shownPage * pageSize, (shownPage + 1) * pageSize),
    paging: {
      total: rows.length,
      page: shownPage,
      pageSize,
      onPage: setPage,
      onPageSize: (size) => {
        setPageSize(size);
        setPage(0);
      },
    },
  };
}
