import { memo, useRef } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import TableSortLabel from '@mui/material/TableSortLabel';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cellText, isNumericColumn, type AssetColumn, type DisplayContext } from './asset-columns';
import type { AssetColumns, AssetField } from './asset-filters';
import type { SortOrder } from './asset-rows';

const ROW_HEIGHT = 36;
const HEAD_ROW_HEIGHT = 52;
const FILTER_ROW_HEIGHT = 40;
const WATCH_WIDTH = 48;

interface AssetsTableProps {
  columns: AssetColumns;
  rows: readonly number[];
  shown: readonly AssetColumn[];
  /** Column titles as shown (temperature columns carry the user's unit). */
  titles: ReadonlyMap<AssetField, string>;
  display: DisplayContext;
  sort: SortOrder | null;
  onSort: (field: AssetField) => void;
  columnFilters: Partial<Record<AssetField, string>>;
  onColumnFilter: (field: AssetField, text: string) => void;
  onWatch: (deviceId: string, watch: boolean) => void;
}

interface AssetRowProps {
  columns: AssetColumns;
  index: number;
  position: number;
  shown: readonly AssetColumn[];
  display: DisplayContext;
  onWatch: (deviceId: string, watch: boolean) => void;
}

/** One device's row; plain cells, because a scroll re-renders every visible row and MUI cells cost more. */
const AssetRow = memo(function AssetRow({ columns, index, position, shown, display, onWatch }: AssetRowProps) {
  const { t } = useTranslation();
  const deviceId = columns.device_id[index] as string;
  const watched = columns.watchlisted[index] === true;
  return (
    <tr aria-rowindex={position + 3} data-testid="asset-row" data-device-id={deviceId}>
      <td>
        <IconButton
          size="small"
          aria-pressed={watched}
          aria-label={t(watched ? 'assets.unwatch' : 'assets.watch', { device: deviceId })}
          onClick={() => onWatch(deviceId, !watched)}
          sx={{ p: 0.25 }}
        >
          {watched ? <StarIcon fontSize="small" color="warning" /> : <StarBorderIcon fontSize="small" />}
        </IconButton>
      </td>
      {shown.map((col) => (
        <td key={col.field} data-field={col.field} className={isNumericColumn(col) ? 'numeric' : undefined}>
          {col.field === 'device_id' ? (
            <Link to={`/asset/${encodeURIComponent(deviceId)}`}>{deviceId}</Link>
          ) : (
            cellText(columns, col, index, display)
          )}
        </td>
      ))}
    </tr>
  );
});

/**
 * The devices table: a real table (sticky header, sortable column headers, a filter box per column) whose body
 * renders only the rows in view, between two spacer rows, so that 10,000 devices scroll like 30.
 */
export function AssetsTable({
  columns,
  rows,
  shown,
  titles,
  display,
  sort,
  onSort,
  columnFilters,
  onColumnFilter,
  onWatch,
}: AssetsTableProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const tableWidth = WATCH_WIDTH + shown.reduce((sum, col) => sum + col.width, 0);
  const header = (field: AssetField) => titles.get(field) ?? field;

  return (
    <Box
      ref={scrollRef}
      data-testid="assets-table-scroll"
      sx={{ height: '70vh', minHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Box
        component="table"
        aria-label={t('assets.tableLabel')}
        aria-rowcount={rows.length + 2}
        sx={{
          tableLayout: 'fixed',
          width: tableWidth,
          borderCollapse: 'separate',
          borderSpacing: 0,
          fontSize: '0.875rem',
          '& th': {
            position: 'sticky',
            zIndex: 1,
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
            textAlign: 'left',
            fontWeight: 600,
            px: 1,
          },
          '& thead tr:first-of-type th': { top: 0, height: HEAD_ROW_HEIGHT, lineHeight: 1.2 },
          '& thead tr:nth-of-type(2) th': { top: HEAD_ROW_HEIGHT, height: FILTER_ROW_HEIGHT, fontWeight: 400 },
          '& td': {
            height: ROW_HEIGHT,
            px: 1,
            borderBottom: 1,
            borderColor: 'divider',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          },
          '& td.numeric': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
          '& th.numeric': { textAlign: 'right' },
          '& th.numeric .MuiTableSortLabel-root': { flexDirection: 'row-reverse' },
          '& tbody tr:hover td': { bgcolor: 'action.hover' },
          '& a': { color: 'primary.main' },
        }}
      >
        <colgroup>
          <col style={{ width: WATCH_WIDTH }} />
          {shown.map((col) => (
            <col key={col.field} style={{ width: col.width }} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">
              <Box component="span" sx={visuallyHidden}>
                {t('assets.columns.watchlisted')}
              </Box>
            </th>
            {shown.map((col) => (
              <th
                key={col.field}
                scope="col"
                className={isNumericColumn(col) ? 'numeric' : undefined}
                aria-sort={sort?.field === col.field ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                <TableSortLabel
                  active={sort?.field === col.field}
                  direction={sort?.field === col.field ? sort.direction : 'asc'}
                  onClick={() => onSort(col.field)}
                  data-testid={`sort-${col.field}`}
                  sx={{ maxWidth: '100%', overflow: 'hidden' }}
                >
                  {header(col.field)}
                </TableSortLabel>
              </th>
            ))}
          </tr>
          <tr aria-rowindex={2}>
            <th />
            {shown.map((col) => (
              <th key={col.field}>
                <InputBase
                  value={columnFilters[col.field] ?? ''}
                  onChange={(event) => onColumnFilter(col.field, event.target.value)}
                  placeholder={isNumericColumn(col) ? t('assets.filterNumberPlaceholder') : t('assets.filterPlaceholder')}
                  inputProps={{
                    'aria-label': t('assets.filterColumn', { column: header(col.field) }),
                    'data-testid': `filter-${col.field}`,
                  }}
                  sx={{ width: '100%', fontSize: '0.8125rem', borderBottom: 1, borderColor: 'divider' }}
                />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && <SpacerRow height={paddingTop} span={shown.length + 1} />}
          {items.map((item) => (
            <AssetRow
              key={rows[item.index]}
              columns={columns}
              index={rows[item.index] as number}
              position={item.index}
              shown={shown}
              display={display}
              onWatch={onWatch}
            />
          ))}
          {paddingBottom > 0 && <SpacerRow height={paddingBottom} span={shown.length + 1} />}
        </tbody>
      </Box>
    </Box>
  );
}

/** Stands for the rows above or below the view, so that the scroll bar shows the whole list. */
function SpacerRow({ height, span }: { height: number; span: number }) {
  return (
    <tr aria-hidden>
      <td colSpan={span} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;
