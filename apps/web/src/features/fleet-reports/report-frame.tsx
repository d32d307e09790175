import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslation } from 'react-i18next';

export const HIDE_IN_PRINT = { '@media print': { display: 'none' } } as const;

/*
 * Paper: A4 with room at the top of every page for the running header, which print repeats on each page because it
 * is fixed (Chromium and Firefox draw a fixed element on every printed page). On screen it is an ordinary heading.
 */
const RUNNING_HEADER_MM = 14;
const PRINT_PAGE = {
  '@page': { size: 'A4', margin: `${RUNNING_HEADER_MM + 8}mm 12mm 14mm 12mm` },
  '@media print': {
    body: { background: 'white' },
    '[data-report-header]': { position: 'fixed', top: `-${RUNNING_HEADER_MM}mm`, left: 0, right: 0 },
  },
} as const;

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
      <GlobalStyles styles={PRINT_PAGE} />
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

/** One section of a report: on paper it starts a new page (except the first) and is not split when it fits. */
export function ReportSection({ id, title, first = false, children }: { id: string; title: string; first?: boolean; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-title`}
      data-testid={id}
      sx={{ p: 2, '@media print': { breakBefore: first ? 'auto' : 'page', border: 'none', p: 0 } }}
    >
      <Typography id={`${id}-title`} component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
