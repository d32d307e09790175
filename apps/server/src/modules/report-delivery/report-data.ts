import type { FleetReport, KpiReport } from '@gridlens/contract/fleet-reports';
import type { PowerReport } from '@gridlens/contract/power-readings';

/** A report a schedule delivers: its kind and the data its page shows (the report endpoints' answers). */
export type ReportData = { kind: 'fleet'; data: FleetReport } | { kind: 'kpi'; data: KpiReport } | { kind: 'power'; data: PowerReport };

/** The zone a report's data was read in (the tenant's calendar): its days and moments are written in it. */
export const reportTimeZone = (report: ReportData): string =>
  report.kind === 'power' ? report.data.window.time_zone : report.data.time_zone;
