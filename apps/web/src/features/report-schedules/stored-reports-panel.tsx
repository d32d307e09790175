import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { browserTimeZone } from '@/lib/api/config';
import { useStoredReports } from '@/lib/api/report-schedules';
import { LoadFailed } from '@/lib/ui/load-failed';
import { reportHref, useScheduleText } from './schedule-text';
import { StoredReportDownload } from './stored-report-download';

/**
 * The weeks (and days) for which reports exist, newest first, each opening its report and downloading it as PDF,
 * XLSX or CSV (spec §7 /api/report/1/24, §8).
 */
export function StoredReportsPanel() {
  const { t } = useTranslation();
  const text = useScheduleText();
  const reports = useStoredReports();
  const timeZone = browserTimeZone();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="stored-reports-title">
      <Typography id="stored-reports-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('reportSchedules.reportsTitle')}
      </Typography>
      {reports.isError && <LoadFailed onRetry={() => void reports.refetch()} />}
      {reports.data && reports.data.items.length === 0 && (
        <Typography data-testid="reports-none">{t('reportSchedules.noReports')}</Typography>
      )}
      {reports.data && reports.data.items.length > 0 && (
        <List dense data-testid="stored-reports">
          {reports.data.items.map((report) => {
            const period = text.period(report, timeZone);
            const customer = report.customer_id ? ` · ${t('reportSchedules.forCustomer', { customer: report.customer_id })}` : '';
            // Each link, with its download menu, in a list item of its own: a list holds only items (axe's `list` rule).
            return (
              <ListItem key={report.id} disablePadding data-testid={`stored-report-${report.id}`}>
                <ListItemButton
                  component={Link}
                  to={reportHref(report)}
                  aria-label={t('reportSchedules.openReport', { report: text.kind(report.kind), period })}
                >
                  <ListItemText primary={period} secondary={`${text.kind(report.kind)}${customer}`} />
                </ListItemButton>
                {/* Beside the link, not inside it: the row grows when it says that a PDF is being printed. */}
                <StoredReportDownload reportId={report.id} report={text.kind(report.kind)} period={period} />
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
