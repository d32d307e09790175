import type { Database } from '../../db/database';
import { routesPlugin, type ServerModule } from '../../server-module';
import type { FindTenant } from '../tenants/tenants.module';
import { createReportRunsRepository } from './report-runs.repository';

export type { ClaimedRunRow, DueScheduleRow, ReportRunsRepository, RunOutcome } from './report-runs.repository';
import { createReportSchedulesRepository } from './report-schedules.repository';
export type { StoredReportRow } from './report-schedules.repository';
import { registerReportSchedulesRoutes } from './report-schedules.routes';
import { createReportSchedulesService } from './report-schedules.service';

interface Deps {
  db: Database;
  findTenant: FindTenant;
  /** Whether the tenant has this customer (tracking's customers): a report or schedule may name only its own. */
  customerExists: (tenantId: string, customerId: string) => Promise<boolean>;
  /** The clock (tests fix it). */
  now?: () => number;
}

/**
 * Report management (stored_reports, report_schedules, report_schedule_recipients, report_schedule_runs): the
 * stored reports by period, the schedules with their recipients, and their delivery history. Delivering is
 * report-delivery's runner, on these tables through `runs`: a run per (schedule, due time), claimed once whatever the
 * number of processes. Report delivery also reads a stored report through `storedReports` to make its files.
 */
export function createReportSchedulesModule({ db, findTenant, customerExists, now = Date.now }: Deps) {
  const runs = createReportRunsRepository(db);
  const repository = createReportSchedulesRepository(db);
  const service = createReportSchedulesService({ repository, runs, findTenant, customerExists, now });
  return {
    name: 'report-schedules',
    api: routesPlugin((api) => registerReportSchedulesRoutes(api, service)),
    service,
    /** The runs, for the report delivery's runner: claimed, ended or retried here, where their tables are. */
    runs: {
      ...runs,
      /** A stored report of a delivered period, so that /report lists the weeks and days that were sent. */
      storeReport: (...args: Parameters<typeof repository.upsertReport>) => repository.upsertReport(...args),
    },
    /** The stored reports, for report delivery's download of one as a file: the tenant's own only. */
    storedReports: {
      find: (tenantId: string, id: string) => repository.findReport(tenantId, id),
    },
  } satisfies ServerModule & { service: unknown; runs: unknown; storedReports: unknown };
}
