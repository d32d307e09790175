import { memo, useId, useRef, useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { cellText, isNumericColumn, type AssetColumn, type DisplayContext } from './asset-columns';
import { figureAgeText } from './figure-age';
import type { AssetColumns, AssetField } from './asset-filters';
import { isNumberFilter, NUMBER_FILTER_CHARACTERS, type SortOrder } from './asset-rows';

const ROW_HEIGHT = 36;
const HEAD_ROW_HEIGHT = 52;
const FILTER_ROW_HEIGHT = 40;
const ACTIONS_WIDTH = 76;
/** The table's scrolling box: its size, which a placeholder keeps while the rows are not yet drawn. */
export const TABLE_BOX = { height: '70vh', minHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 } as const;

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
  onEdit: (deviceId: string) => void;
  /** When the list was read: a latest-state figure older than current shows its age (figure-age.ts). */
  nowMs: number;
}

interface AssetRowProps {
  t: TFunction;
  nowMs: number;
  columns: AssetColumns;
  index: number;
  position: number;
  shown: readonly AssetColumn[];
  display: DisplayContext;
  onWatch: (deviceId: string, watch: boolean) => void;
  onEdit: (deviceId: string) => void;
}

/** Material's star and star-outline paths, drawn inline: an icon component per row cost more than the row. */
const STAR = 'M12 17.27 18.18 21l-1.64-7.03L22 8.24l-7.19-.61L12 1 9.19 7.63 2 8.24l5.46 4.73L5.82 21z';
const PENCIL = 'M3 17.25V21h3.75L17.81 9.94l-3.75-3.75zM20.71 7.04a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75z';
const STAR_OUTLINE =
  'm22 9.24-7.19-.62L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21 12 17.27 18.18 21l-1.63-7.03zM12 15.4l-3.76 2.27 1-4.28-3.32-2.88 4.38-.38L12 6.1l1.71 4.04 4.38.38-3.32 2.88 1 4.28z';

/**
 * One device's row, in plain elements: scrolling fast mounts a whole screen of new rows every frame, and MUI
 * buttons, icons and router links per row made those frames long tasks. The device link is a plain anchor
 * whose clicks the table hands to the router.
 */
const AssetRow = memo(function AssetRow({ t, nowMs, columns, index, position, shown, display, onWatch, onEdit }: AssetRowProps) {
  const deviceId = columns.device_id[index] as string;
  const watched = columns.watchlisted[index] === true;
  return (
    <tr aria-rowindex={position + 3} data-testid="asset-row" data-device-id={deviceId}>
      <td>
        <button
          type="button"
          className={watched ? 'watch watched' : 'watch'}
          aria-pressed={watched}
          aria-label={t(watched ? 'assets.unwatch' : 'assets.watch', { device: deviceId })}
          onClick={() => onWatch(deviceId, !watched)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden focusable="false">
            <path d={watched ? STAR : STAR_OUTLINE} />
          </svg>
        </button>
        <button type="button" className="watch" aria-label={t('assets.edit.open', { device: deviceId })} onClick={() => onEdit(deviceId)}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden focusable="false">
            <path d={PENCIL} />
          </svg>
        </button>
      </td>
      {shown.map((col) => (
        <td key={col.field} data-field={col.field} className={isNumericColumn(col) ? 'numeric' : undefined}>
          {col.field === 'device_id' ? (
            <a href={`/asset/${encodeURIComponent(deviceId)}`}>{deviceId}</a>
          ) : (
            figureCell(
              t,
              cellText(columns, col, index, display),
              figureAgeText(col.field, columns.last_message_at[index] ?? null, nowMs, display.languageTag),
            )
          )}
        </td>
      ))}
    </tr>
  );
});

interface TableHeaderProps {
  shown: readonly AssetColumn[];
  titles: ReadonlyMap<AssetField, string>;
  sort: SortOrder | null;
  onSort: (field: AssetField) => void;
  columnFilters: Partial<Record<AssetField, string>>;
  onColumnFilter: (field: AssetField, text: string) => void;
}

/** The sortable titles and the filter boxes; memoised, because scrolling re-renders the table on every frame. */
const TableHeader = memo(function TableHeader({ shown, titles, sort, onSort, columnFilters, onColumnFilter }: TableHeaderProps) {
  const { t } = useTranslation();
  const header = (field: AssetField) => titles.get(field) ?? field;
  return (
    <thead>
      <tr aria-rowindex={1}>
        <th scope="col">
          <Box component="span" sx={visuallyHidden}>
            {t('assets.actionsColumn')}
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
              sx={{
                maxWidth: '100%',
                overflow: 'hidden',
                // The arrow takes room only on the sorted column, so titles such as "Utilisation %" fit whole.
                '&:not(.Mui-active) .MuiTableSortLabel-icon': { display: 'none' },
              }}
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
            <ColumnFilterBox
              field={col.field}
              numeric={isNumericColumn(col)}
              label={t('assets.filterColumn', { column: header(col.field) })}
              value={columnFilters[col.field] ?? ''}
              onChange={onColumnFilter}
            />
          </th>
        ))}
      </tr>
    </thead>
  );
});

interface ColumnFilterBoxProps {
  field: AssetField;
  numeric: boolean;
  label: string;
  value: string;
  onChange: (field: AssetField, text: string) => void;
}

/**
 * A column's filter box. A number column's takes only what a comparison is written with (digits, a decimal mark,
 * a sign, <, >, =): a letter is refused, and while the text is not a whole comparison the box says what it
 * accepts, and the column is not filtered (rather than silently showing no rows).
 */
function ColumnFilterBox({ field, numeric, label, value, onChange }: ColumnFilterBoxProps) {
  const { t } = useTranslation();
  const helpId = useId();
  const [refused, setRefused] = useState(false);
  const invalid = numeric && (refused || !isNumberFilter(value));
  return (
    <Box sx={{ position: 'relative' }}>
      <InputBase
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          if (numeric && !NUMBER_FILTER_CHARACTERS.test(next)) {
            setRefused(true);
            return;
          }
          setRefused(false);
          onChange(field, next);
        }}
        onBlur={() => setRefused(false)}
        error={invalid}
        placeholder={numeric ? t('assets.filterNumberPlaceholder') : t('assets.filterPlaceholder')}
        inputProps={{
          'aria-label': label,
          'aria-invalid': invalid,
          'aria-describedby': invalid ? helpId : undefined,
          'data-testid': `filter-${field}`,
        }}
        sx={{ width: '100%', fontSize: '0.8125rem', borderBottom: 1, borderColor: invalid ? 'error.main' : 'divider' }}
      />
      {invalid && (
        <Box
          id={helpId}
          role="alert"
          sx={{
            position: 'absolute',
            top: '100%',
            right: 0,
            zIndex: 2,
            width: 220,
            p: 1,
            fontSize: '0.75rem',
            fontWeight: 400,
            lineHeight: 1.3,
            whiteSpace: 'normal',
            textAlign: 'left',
            color: 'error.main',
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'error.main',
            borderRadius: 1,
            boxShadow: 2,
          }}
        >
          {t('filters.numberOnly')}
        </Box>
      )}
    </Box>
  );
}

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
  onEdit,
  nowMs,
}: AssetsTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scrollRef = useRef<HTMLDivElement>(null);
  // The rows' device links are plain anchors; a plain left click goes through the router instead of reloading.
  const followLink = (event: MouseEvent<HTMLTableSectionElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(link.getAttribute('href') ?? '/');
  };
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Three rows beyond each edge (about 100 px, a wheel notch): a fling replaces every rendered row each frame,
    // and with six, scripted flings right after a page load had a long task in 7 runs of 12, with three in 2.
    overscan: 3,
    // By default the virtualizer renders the new rows synchronously inside the scroll event, so a fast fling
    // made one task of React's render, the layout and the paint (55–100 ms, issue 4's budget is 50). Rendered
    // in a task of its own, a frame may show the spacer for a moment, and no task comes near the budget.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const tableWidth = ACTIONS_WIDTH + shown.reduce((sum, col) => sum + col.width, 0);

  return (
    <Box ref={scrollRef} data-testid="assets-table-scroll" sx={{ ...TABLE_BOX, overflow: 'auto' }}>
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
          // Long single words (Polish, Irish) wrap inside the column instead of being cut off.
          '& thead tr:first-of-type th': { top: 0, height: HEAD_ROW_HEIGHT, lineHeight: 1.2, overflowWrap: 'anywhere', hyphens: 'auto' },
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
          // A figure of a message that is no longer current: muted, its age beside it (figure-age.ts).
          '& .stale-figure': { color: 'text.secondary', fontStyle: 'italic' },
          '& th.numeric': { textAlign: 'right' },
          '& th.numeric .MuiTableSortLabel-root': { flexDirection: 'row-reverse' },
          '& tbody tr:hover td': { bgcolor: 'action.hover' },
          '& a': { color: 'primary.main' },
          '& button.watch': {
            display: 'inline-flex',
            p: 0.25,
            border: 0,
            borderRadius: '50%',
            bgcolor: 'transparent',
            color: 'action.active',
            cursor: 'pointer',
            '& svg': { fill: 'currentColor' },
            '&:hover': { bgcolor: 'action.hover' },
            '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main' },
          },
          '& button.watch.watched': { color: 'warning.main' },
        }}
      >
        <colgroup>
          <col style={{ width: ACTIONS_WIDTH }} />
          {shown.map((col) => (
            <col key={col.field} style={{ width: col.width }} />
          ))}
        </colgroup>
        <TableHeader
          shown={shown}
          titles={titles}
          sort={sort}
          onSort={onSort}
          columnFilters={columnFilters}
          onColumnFilter={onColumnFilter}
        />
        <tbody onClick={followLink}>
          {paddingTop > 0 && <SpacerRow height={paddingTop} span={shown.length + 1} />}
          {items.map((item) => (
            <AssetRow
              key={rows[item.index]}
              t={t}
              nowMs={nowMs}
              columns={columns}
              index={rows[item.index] as number}
              position={item.index}
              shown={shown}
              display={display}
              onWatch={onWatch}
              onEdit={onEdit}
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

/**
 * A cell's figure, with its age beside it in a muted style when it comes from a message that is no longer current
 * (a silent device's total power: "105.59 · 3 days ago").
 */
function figureCell(t: TFunction, text: string, age: string | null) {
  if (age === null) return text;
  return (
    <span className="stale-figure" title={t('figures.staleTitle', { age })} data-testid="stale-figure">
      {t('figures.aged', { value: text, age })}
    </span>
  );
}
