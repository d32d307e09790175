import { useState } from 'react';
import Stack from '@mui/material/Stack';
import { reportKindsOf } from '@gridlens/domain/reports/schedules';
import { useTenantSettings } from '@/lib/api/config';
import { DeliveryHistoryPanel } from './delivery-history-panel';
import { SchedulesPanel } from './schedules-panel';
import { StoredReportsPanel } from './stored-reports-panel';

/**
 * Report management (spec §2 /report): the weeks for which reports exist, the schedules with their recipients,
 * and the delivery history of the schedule chosen.
 */
export function ReportManagementPage() {
  const tenant = useTenantSettings();
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const kinds = reportKindsOf(tenant.data?.type === 'powerdata' ? 'powerdata' : 'tracking');
  return (
    <Stack spacing={2} data-testid="report-management">
      <StoredReportsPanel />
      <SchedulesPanel kinds={kinds} onHistory={setHistoryOf} />
      <DeliveryHistoryPanel scheduleId={historyOf} />
    </Stack>
  );
}
