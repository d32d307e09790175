import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { utcDay } from '@gridlens/domain/time-range';
import { formatNumber } from '@gridlens/domain/number-format';
import { useAppStore } from '@/lib/app-store';
import { loadChunk } from '@/lib/chunk-load';
import { csvBlob, downloadBlob } from '@/lib/csv';
import { useHeaderSearch } from '@/lib/use-header-search';
import { ColumnChooser } from '@/lib/ui/column-chooser';
import { LoadFailed } from '@/lib/ui/load-failed';
import { DataTable, type SortState } from '@/lib/ui/data-table';
import { useClientPaging } from '@/lib/ui/use-client-paging';
import { searchRows, sortRows, tableCsv, type TableColumn } from './rollout-model';

export interface RolloutColumn<Row> extends TableColumn<Row> {
  title: string;
  numeric?: boolean;
  /** What the cell shows when it is more than its text (a link, a chip); its text otherwise. */
  cell?: (row: Row) => ReactNode;
  shownFrom?: number;
}

interface RolloutTableProps<Row> {
  tableId: string;
  title: string;
  /** The table's accessible name. */
  label: string;
  /** The rows after the section's own filters; the header search narrows them further. */
  rows: readonly Row[];
  /** The first names the row and always shows; the others the user may hide. */
  columns: readonly RolloutColumn<Row>[];
  hiddenAtFirst?: readonly string[];
  rowKey: (row: Row) => string;
  /** The section's own filters and actions, beside the column choice. */
  toolbar?: ReactNode;
  /** The name of the exported files, before the date. */
  exportName: string;
  sheetName: string;
}

/**
 * A rollout table as the app's other tables are: the header search, a column choice, sorting titles, pages, and
 * the shown rows and columns exported as CSV or XLSX.
 */
export function RolloutTable<Row>(props: RolloutTableProps<Row>) {
  const { tableId, title, label, rows, columns, hiddenAtFirst = [], rowKey, toolbar, exportName, sheetName } = props;
  const { t, i18n } = useTranslation();
  const search = useHeaderSearch();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const [visible, setVisible] = useState<ReadonlySet<string>>(
    () => new Set(columns.map((col) => col.id).filter((id) => !hiddenAtFirst.includes(id))),
  );
  const [sort, setSort] = useState<SortState | null>(null);
  const shown = useMemo(() => columns.filter((col, i) => i === 0 || visible.has(col.id)), [columns, visible]);
  const narrowed = useMemo(() => {
    const found = searchRows(rows, shown, search);
    return sort
      ? sortRows(
          found,
          shown.find((col) => col.id === sort.columnId),
          sort.direction,
          i18n.language,
        )
      : found;
  }, [rows, shown, search, sort, i18n.language]);
  const { pageRows, paging } = useClientPaging(narrowed, 25);
  const count = (value: number) => formatNumber(value, i18n.language, 0);

  const toggle = (id: string) =>
    setVisible((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const exportAs = async (format: 'csv' | 'xlsx') => {
    const headers = shown.map((col) => col.title);
    const fileName = `${exportName}-${utcDay(Date.now())}.${format}`;
    try {
      if (format === 'csv') downloadBlob(csvBlob(tableCsv(narrowed, shown, headers)), fileName);
      else {
        const { default: writeExcelFile } = await loadChunk(() => import('write-excel-file/universal'));
        const header = headers.map((value) => ({ value, fontWeight: 'bold' as const }));
        const body = narrowed.map((row) =>
          shown.map((col) => {
            const value = col.value?.(row);
            if (value !== undefined && value !== null) return { value, type: Number };
            const text = col.text(row);
            return text === null ? null : { value: text, type: String };
          }),
        );
        downloadBlob(await writeExcelFile([header, ...body], { sheet: sheetName }).toBlob(), fileName);
      }
    } catch (error) {
      console.error(error); // the writer's chunk did not load, most likely
      showSnackbar(t('errors.error'));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`${tableId}-title`} data-testid={`${tableId}-section`}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={`${tableId}-title`} component="h2" variant="h6" sx={{ mr: 1 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid={`${tableId}-count`}>
          {t('rollout.shownOf', { shown: count(narrowed.length), total: count(rows.length) })}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {toolbar}
        <ColumnChooser
          fields={columns.slice(1).map((col) => col.id)}
          visible={visible}
          onToggle={toggle}
          labelOf={(id) => columns.find((col) => col.id === id)?.title ?? id}
        />
        <Button startIcon={<DownloadIcon />} onClick={() => void exportAs('csv')} data-testid={`${tableId}-export-csv`}>
          {t('assets.exportCsv')}
        </Button>
        <Button startIcon={<DownloadIcon />} onClick={() => void exportAs('xlsx')} data-testid={`${tableId}-export-xlsx`}>
          {t('assets.exportXlsx')}
        </Button>
      </Box>
      {narrowed.length === 0 ? (
        <Typography sx={{ p: 2 }} data-testid={`${tableId}-empty`}>
          {t('messages.noData')}
        </Typography>
      ) : (
        <DataTable
          label={label}
          testId={tableId}
          columns={shown.map((col) => ({
            id: col.id,
            title: col.title,
            numeric: col.numeric,
            shownFrom: col.shownFrom,
            cell: col.cell ?? ((row: Row) => col.text(row) ?? '–'),
          }))}
          rows={pageRows}
          rowKey={rowKey}
          rowTestId={(row) => `${tableId}-row-${rowKey(row)}`}
          paging={paging}
          sort={{ columnId: sort?.columnId ?? '', direction: sort?.direction ?? 'asc', onSort: setSort }}
        />
      )}
    </Paper>
  );
}

/** A rollout table's place while its query loads, or when it failed (with a retry). */
export function Pending({ query }: { query: UseQueryResult }): ReactNode {
  const { t } = useTranslation();
  if (query.isPending) return <Typography sx={{ p: 2 }}>{t('rollout.loading')}</Typography>;
  return <LoadFailed onRetry={() => void query.refetch()} />;
}
