import type { FleetReport, KpiReport } from '@gridlens/contract/fleet-reports';
import type { PowerReport } from '@gridlens/contract/power-readings';

/** A report a schedule delivers: its kind and the data its page shows (the report endpoints' answers). */
export type ReportData = { kind: 'fleet'; data: FleetReport } | { kind: 'kpi'; data: KpiReport } | { kind: 'power'; data: PowerReport };
