import { useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { normaliseLanguage } from '@gridlens/domain/language';
import type { ReportFormat } from '@gridlens/domain/reports/schedules';
import { ApiRequestError } from '@/lib/api/api-client';
import { useStoredReportFile } from '@/lib/api/report-schedules';
import { useAppStore } from '@/lib/app-store';
import { downloadBlob } from '@/lib/csv';

/** The menu's formats, the printed report first, each with its name on the schedules screen. */
const FORMAT_LABELS: Readonly<Record<ReportFormat, string>> = {
  pdf: 'reportSchedules.formats.pdf',
  xlsx: 'reportSchedules.formats.xlsx',
  csv: 'reportSchedules.formats.csv',
};
const FORMATS = Object.keys(FORMAT_LABELS) as ReportFormat[];

interface Props {
  reportId: string;
  /** The report's name and period, as its open link says them. */
  report: string;
  period: string;
}

/**
 * Downloads a stored report as PDF, XLSX or CSV in the screen's language, saved under the name the server gives it
 * (the report, its period, and for CSV its table, or a ZIP of its tables). Printing a PDF takes seconds: meanwhile
 * the row says so in place of its button.
 */
export function StoredReportDownload({ reportId, report, period }: Props) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const file = useStoredReportFile();
  const showSnackbar = useAppStore((s) => s.showSnackbar);

  const download = (format: ReportFormat) => {
    setAnchor(null);
    file.mutate(
      { id: reportId, format, language: normaliseLanguage(i18n.language.toUpperCase()) },
      {
        onSuccess: (answer) => downloadBlob(answer, answer instanceof File ? answer.name : `${report} ${period}.${format}`),
        onError: (error) =>
          showSnackbar(
            format === 'pdf' && error instanceof ApiRequestError && error.status === 503
              ? t('reportSchedules.download.pdfUnavailable')
              : t('errors.error'),
          ),
      },
    );
  };

  if (file.isPending)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, flexShrink: 0 }} data-testid="download-pending">
        <CircularProgress size={18} aria-hidden />
        <Typography variant="caption">
          {file.variables.format === 'pdf' ? t('reportSchedules.download.printing') : t('reportSchedules.download.preparing')}
        </Typography>
      </Box>
    );
  return (
    <>
      <IconButton
        sx={{ mx: 0.5 }}
        aria-label={t('reportSchedules.download.label', { report, period })}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="download-report"
      >
        <DownloadIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => download(format)} data-testid={`download-${format}`}>
            <ListItemText
              primary={t(FORMAT_LABELS[format])}
              secondary={format === 'csv' ? t('reportSchedules.download.csvHint') : undefined}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
