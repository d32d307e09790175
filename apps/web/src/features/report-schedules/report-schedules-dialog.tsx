import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { ReportKind } from '@gridlens/domain/reports/schedules';
import { SchedulesPanel } from './schedules-panel';
import { useScheduleText } from './schedule-text';

/** The schedules of one report in a dialog: the same panel as report management, offering and listing that report only. */
export default function ReportSchedulesDialog({ kind, onClose }: { kind: ReportKind; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useScheduleText();
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="report-schedules-title">
      <DialogTitle id="report-schedules-title">{t('reportSchedules.scheduleByEmailTitle', { report: text.kind(kind) })}</DialogTitle>
      <DialogContent>
        <SchedulesPanel kinds={[kind]} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="close-schedules">
          {t('recipients.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
