import type { Queryable } from '../../db/database';
import { routesPlugin, type ServerModule } from '../../server-module';
import type { FindTenant } from '../tenants/tenants.module';
import { createReportSchedulesRepository } from './report-schedules.repository';
import { registerReportSchedulesRoutes } from './report-schedules.routes';
import { createReportSchedulesService } from './report-schedules.service';

interface Deps {
  db: Queryable;
  findTenant: FindTenant;
  /** Whether the tenant has this customer (tracking's customers): a report or schedule may name only its own. */
  customerExists: (tenantId: string, customerId: string) => Promise<boolean>;
  /** The clock (tests fix it). */
  now?: () => number;
}

/**
 * Report management (stored_reports, report_schedules, report_schedule_recipients, report_schedule_runs): the
 * stored reports by period, the schedules with their recipients, and their delivery history. Delivering is a
 * later runner's, on these tables: a run per (schedule, due time), claimed once whatever the number of processes.
 */
export function createReportSchedulesModule({ db, findTenant, customerExists, now = Date.now }: Deps) {
  const service = createReportSchedulesService({ repository: createReportSchedulesRepository(db), findTenant, customerExists, now });
  return {
    name: 'report-schedules',
    api: routesPlugin((api) => registerReportSchedulesRoutes(api, service)),
    service,
  } satisfies ServerModule & { service: unknown };
}
