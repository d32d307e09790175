import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@gridlens/domain/number-format';

export interface DataColumn<Row> {
  id: string;
  title: string;
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
  /** Marks a cell out (a missed message, a priority-1 event). */
  emphasis?: (row: Row) => boolean;
  /** With the table's `sort`: whether its title sorts by it (default true). */
  sortable?: boolean;
  /** Left out on screens narrower than this many pixels, where the table has no room for every column. */
  shownFrom?: number;
}

/** A column's cells shown only on screens at least `minWidth` pixels wide. */
const shownFrom = (minWidth: number | undefined) =>
  minWidth === undefined ? {} : { display: 'none', [`@media (min-width: ${minWidth}px)`]: { display: 'table-cell' } };

/** The column a table is sorted by, and which way. */
export interface SortState {
  columnId: string;
  direction: 'asc' | 'desc';
}

export interface Paging {
  total: number;
  /** 0-based. */
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

interface DataTableProps<Row> {
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  paging?: Paging;
  /** Titles that sort: the caller sorts the rows and is told of a click on a title. */
  sort?: SortState & { onSort: (next: SortState) => void };
  testId?: string;
  rowTestId?: (row: Row) => string;
}

const PAGE_SIZES = [25, 100, 500];

/** The tables of the asset tabs: sticky titles, numbers right-aligned in tabular figures, pages in the user's language. */
export function DataTable<Row>({ label, columns, rows, rowKey, paging, sort, testId, rowTestId }: DataTableProps<Row>) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => formatNumber(value, i18n.language, 0);
  return (
    <>
      {/* Scrolls on its own, so it takes the keyboard focus to be scrolled without a mouse. */}
      <TableContainer
        sx={{ maxHeight: 640, '@media print': { maxHeight: 'none', overflow: 'visible' } }}
        tabIndex={0}
        role="region"
        aria-label={label}
      >
        <Table size="small" stickyHeader aria-label={label} data-testid={testId}>
          <TableHead>
            <TableRow>
              {columns.map((col) => {
                const sorted = sort?.columnId === col.id;
                return (
                  <TableCell
                    key={col.id}
                    align={col.numeric ? 'right' : 'left'}
                    sx={{ whiteSpace: 'nowrap', ...shownFrom(col.shownFrom) }}
                    sortDirection={sorted ? sort.direction : false}
                  >
                    {sort && col.sortable !== false ? (
                      <TableSortLabel
                        active={sorted}
                        direction={sorted ? sort.direction : 'asc'}
                        onClick={() => sort.onSort({ columnId: col.id, direction: sorted && sort.direction === 'asc' ? 'desc' : 'asc' })}
                      >
                        {col.title}
                      </TableSortLabel>
                    ) : (
                      col.title
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)} hover data-testid={rowTestId?.(row)}>
                {columns.map((col) => (
                  <TableCell
                    key={col.id}
                    align={col.numeric ? 'right' : 'left'}
                    sx={{
                      whiteSpace: 'nowrap',
                      fontVariantNumeric: 'tabular-nums',
                      ...shownFrom(col.shownFrom),
                      ...(col.emphasis?.(row) ? { color: 'warning.main', fontWeight: 600 } : {}),
                    }}
                  >
                    {col.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {paging && (
        <TablePagination
          sx={{ '@media print': { display: 'none' } }}
          component="div"
          count={paging.total}
          page={paging.page}
          onPageChange={(_event, next) => paging.onPage(next)}
          rowsPerPage={paging.pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onRowsPerPageChange={(event) => paging.onPageSize(Number(event.target.value))}
          labelRowsPerPage={t('assetDetail.rowsPerPage')}
          labelDisplayedRows={({ from, to, count: total }) =>
            t('assetDetail.displayedRows', { from: count(from), to: count(to), count: count(total) })
          }
          getItemAriaLabel={(type) => t(`assetDetail.pagination.${type}`)}
        />
      )}
    </>
  );
}
