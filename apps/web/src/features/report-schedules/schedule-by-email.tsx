import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import { useTranslation } from 'react-i18next';
import type { ReportKind } from '@gridlens/domain/reports/schedules';
import { loadChunk } from '@/lib/chunk-load';

// The schedules, their dialogs and the contract schemas they check with load when the button is first pressed.
const ReportSchedulesDialog = lazy(() => loadChunk(() => import('./report-schedules-dialog')));

/**
 * "Schedule by email" on a report's own screen: the schedules of that report, with their recipients, created,
 * edited and deleted there, without going to report management (a power tenant has no /report screen).
 */
export function ScheduleByEmailButton({ kind }: { kind: ReportKind }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<ScheduleSendIcon />} onClick={() => setOpen(true)} data-testid="schedule-by-email">
        {t('reportSchedules.scheduleByEmail')}
      </Button>
      <Suspense fallback={null}>{open && <ReportSchedulesDialog kind={kind} onClose={() => setOpen(false)} />}</Suspense>
    </>
  );
}
