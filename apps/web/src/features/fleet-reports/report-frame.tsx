import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/lib/ui/load-failed';
import { ReportReady } from '@/lib/ui/report-ready';
import { reportPrintCss } from '@/lib/ui/report-print';

export const HIDE_IN_PRINT = { '@media print': { display: 'none' } } as const;

interface ReportFrameProps {
  testId: string;
  title: string;
  /** Tenant, period and time zone: the line every printed page carries. */
  running: string | null;
  controls?: ReactNode;
  children: ReactNode;
}

/** A report-style page (no shell): its title, the running header, a print button, and its sections below. */
export function ReportFrame({ testId, title, running, controls, children }: ReportFrameProps) {
  const { t } = useTranslation();
  return (
    <Box component="main" data-testid={testId} sx={{ p: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      {running !== null && <style>{reportPrintCss(running)}</style>}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Typography component="h1" variant="h5" sx={{ flex: 1 }} data-testid={`${testId}-title`}>
          {title}
        </Typography>
        {controls}
        <Button startIcon={<PrintIcon />} variant="outlined" onClick={() => window.print()} sx={HIDE_IN_PRINT}>
          {t('fleetReports.print')}
        </Button>
      </Box>
      {running !== null && (
        <Typography data-report-header="" data-testid={`${testId}-running`} variant="body2" color="text.secondary">
          {running}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/**
 * One section of a report: on paper it starts a new page (except the first, and those that follow on from the one
 * before: `newPage={false}`, for short sections such as one key figure) and is not split when it fits.
 */
export function ReportSection({
  id,
  title,
  first = false,
  newPage = !first,
  children,
}: {
  id: string;
  title: string;
  first?: boolean;
  newPage?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-title`}
      data-testid={id}
      sx={{
        p: 2,
        // On A4 a wide table wraps its titles and tightens its cells rather than running off the page.
        '@media print': {
          breakBefore: newPage ? 'page' : 'auto',
          breakInside: 'avoid',
          border: 'none',
          p: 0,
          '& th, & td': { whiteSpace: 'normal', fontSize: '8pt', px: 0.5, py: 0.25 },
        },
      }}
    >
      <Typography id={`${id}-title`} component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * A report's body from its query: the retry when it failed, the loading words until it answers, then the sections
 * drawn from its data, marked ready for the server's PDF renderer.
 */
export function ReportBody<T>({
  report,
  children,
}: {
  report: { isError: boolean; data: T | undefined; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (report.isError) return <LoadFailed onRetry={() => void report.refetch()} />;
  if (report.data === undefined) return <Typography>{t('fleetReports.loading')}</Typography>;
  return <ReportReady>{children(report.data)}</ReportReady>;
}
