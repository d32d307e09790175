import { routesPlugin } from '../../server-module';
import type { FindTenant, TimeZoneOf } from '../tenants/tenants.module';
import { createFleetReportService } from './fleet-report.service';
import { registerFleetReportRoutes } from './fleet-reports.routes';
import { createKpiReportService } from './kpi-report.service';
import type { Figures } from './report-context';

/**
 * The weekly fleet report and the KPI report (issue 29): no tables of their own; every figure is read through the
 * tracking module's services, the same the screens call, so that a report agrees with the screen for the same week.
 */
export function createFleetReportsModule({
  figures,
  findTenant,
  timeZoneOf,
  now = Date.now,
}: {
  figures: Figures;
  findTenant: FindTenant;
  timeZoneOf: TimeZoneOf;
  now?: () => number;
}) {
  const deps = { figures, findTenant, timeZoneOf, now };
  const fleet = createFleetReportService(deps);
  const kpi = createKpiReportService(deps);
  return {
    name: 'fleet-reports',
    api: routesPlugin((app) => registerFleetReportRoutes(app, fleet, kpi)),
    /** The reports' data, for a delivery that renders or exports them. */
    fleet,
    kpi,
  };
}
export type FleetReportsModule = ReturnType<typeof createFleetReportsModule>;
