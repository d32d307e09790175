import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import type { ImportReport, PlanKind, RefusedRow } from '@gridlens/contract/rollout';
import { ROLLOUT_IMPORT_CONTENT_TYPES } from '@gridlens/contract/routes/rollout';
import { formatNumber } from '@gridlens/domain/number-format';
import { ApiRequestError } from '@/lib/api/api-client';
import { useExportPlan, useImportPlan } from '@/lib/api/rollout';
import { useAppStore } from '@/lib/app-store';
import { downloadBlob } from '@/lib/csv';
import { DataTable } from '@/lib/ui/data-table';
import { planFileType, refusedRowsOf } from './rollout-model';

/** The plan's files for one kind (sites or planner groups): its export as CSV or XLSX, and for administrators its import. */
export function PlanFiles({ kind, admin }: { kind: PlanKind; admin: boolean }) {
  const { t } = useTranslation();
  const exportPlan = useExportPlan();
  const showSnackbar = useAppStore((s) => s.showSnackbar);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [importing, setImporting] = useState(false);
  const download = (format: 'csv' | 'xlsx') => {
    setAnchor(null);
    exportPlan.mutate(
      { kind, format },
      {
        onSuccess: (file) => downloadBlob(file, file instanceof File ? file.name : `${kind}.${format}`),
        onError: () => showSnackbar(t('errors.error')),
      },
    );
  };
  return (
    <>
      <Button
        startIcon={<FileDownloadIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        loading={exportPlan.isPending}
        data-testid={`export-plan-${kind}`}
      >
        {t(`rollout.files.export_${kind}`)}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => download('csv')}>{t('reportSchedules.formats.csv')}</MenuItem>
        <MenuItem onClick={() => download('xlsx')}>{t('reportSchedules.formats.xlsx')}</MenuItem>
      </Menu>
      {admin && (
        <Button startIcon={<UploadFileIcon />} onClick={() => setImporting(true)} data-testid={`import-plan-${kind}`}>
          {t(`rollout.files.import_${kind}`)}
        </Button>
      )}
      {importing && <ImportDialog kind={kind} onClose={() => setImporting(false)} />}
    </>
  );
}

/** Imports a CSV or XLSX file: all its rows are stored, or none, with every refused row reported. */
function ImportDialog({ kind, onClose }: { kind: PlanKind; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const importPlan = useImportPlan();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [refused, setRefused] = useState<RefusedRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const count = (value: number) => formatNumber(value, i18n.language, 0);
  // The server's reason by its code, in the user's language (its English message is for API clients).
  const problemText = (row: RefusedRow) => t(`rollout.files.problems.${row.code}`, row.values);

  const submit = () => {
    if (!file) return;
    setReport(null);
    setRefused(null);
    setFailed(false);
    const type = planFileType(file.name, file.type);
    importPlan.mutate(
      { kind, file: new File([file], file.name, { type }) },
      {
        onSuccess: setReport,
        onError: (error) => {
          const rows = error instanceof ApiRequestError ? refusedRowsOf(error.body) : null;
          if (rows) setRefused(rows);
          else setFailed(true);
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="import-title">
      <DialogTitle id="import-title">{t(`rollout.files.import_${kind}`)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('rollout.files.importHelp')}</DialogContentText>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          {t('rollout.files.chooseFile')}
          <input
            hidden
            type="file"
            accept={`.csv,.xlsx,${ROLLOUT_IMPORT_CONTENT_TYPES.join(',')}`}
            data-testid="import-file"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setReport(null);
              setRefused(null);
            }}
          />
        </Button>
        <Typography component="span" sx={{ ml: 2 }} data-testid="import-file-name">
          {file?.name ?? t('rollout.files.noFile')}
        </Typography>
        {report && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="import-stored">
            {t('rollout.files.stored', { rows: count(report.rows), added: count(report.added), updated: count(report.updated) })}
          </Alert>
        )}
        {failed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('rollout.files.failed')}
          </Alert>
        )}
        {refused && (
          <>
            <Alert severity="error" sx={{ mt: 2, mb: 1 }} data-testid="import-refused">
              {t('rollout.files.refused', { rows: count(refused.length) })}
            </Alert>
            <DataTable<RefusedRow>
              label={t('rollout.files.refusedTable')}
              testId="import-refused-rows"
              rows={refused}
              rowKey={(row) => `${row.row}-${row.column ?? ''}-${row.message}`}
              columns={[
                { id: 'row', title: t('rollout.files.row'), numeric: true, cell: (row) => count(row.row) },
                { id: 'column', title: t('rollout.files.column'), cell: (row) => row.column ?? '–' },
                { id: 'message', title: t('rollout.files.problem'), cell: (row) => problemText(row) },
              ]}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('rollout.close')}</Button>
        <Button variant="contained" onClick={submit} disabled={file === null} loading={importPlan.isPending} data-testid="import-submit">
          {t('rollout.files.importButton')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
