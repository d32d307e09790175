import type { RecipientBodySchema } from '@gridlens/contract/alerts';
import {
  canSendAgain,
  type AddReportBodySchema,
  type ReportRecipient,
  type ReportRun,
  type ReportSchedule,
  type ReportScheduleBodySchema,
  type ReportScheduleDetail,
  type StoredReport,
  type StoredReportsPage,
} from '@gridlens/contract/report-schedules';
import { reportRoutePath, runPeriodOf } from '@gridlens/domain/reports/run-period';
import { isDailyReport, nextDueAfter, reportKindsOf, type ReportKind } from '@gridlens/domain/reports/schedules';
import { zonedDay } from '@gridlens/domain/time-range';
import { weekIdOfDay, zonedWeekIdOf } from '@gridlens/domain/tracking/weeks';
import type { z } from 'zod';
import type { TenantPrincipal } from '../../auth/auth.plugin';
import { HttpError, notFound, validationError } from '../../http/http-error';
import { isoOf } from '../../http/iso-timestamp';
import type { FindTenant } from '../tenants/tenants.module';
import type { ReportRunsRepository } from './report-runs.repository';
import type { RecipientRow, ReportSchedulesRepository, RunRow, ScheduleRow, StoredReportRow } from './report-schedules.repository';

type ScheduleBody = z.output<typeof ReportScheduleBodySchema>;
type RecipientBody = z.output<typeof RecipientBodySchema>;
type ReportBody = z.output<typeof AddReportBodySchema>;

/** How many of a schedule's deliveries its detail shows. */
export const RUNS_SHOWN = 20;

interface Deps {
  repository: ReportSchedulesRepository;
  runs: Pick<ReportRunsRepository, 'addManualRun' | 'sendAgain'>;
  findTenant: FindTenant;
  customerExists: (tenantId: string, customerId: string) => Promise<boolean>;
  /** The clock: schedules' next due times and the newest week a report may be made of. */
  now: () => number;
}

const scheduleOf = (row: ScheduleRow): ReportSchedule => ({
  id: row.id,
  report: row.report,
  frequency: row.frequency,
  day_of_week: row.day_of_week,
  day_of_month: row.day_of_month,
  local_time: row.local_time,
  time_zone: row.time_zone,
  language: row.language,
  formats: row.formats,
  customer_id: row.customer_id,
  only_when_attention: row.only_when_attention,
  next_due_at: isoOf(row.next_due_at),
  recipient_count: row.recipient_count,
  consecutive_failures: row.consecutive_failures,
  created_by: row.created_by,
  created_at: isoOf(row.created_at),
  updated_by: row.updated_by,
  updated_at: isoOf(row.updated_at),
});

/** A delivery as the history shows it, with the link to the report of the period it covers. */
const runOf = (schedule: ScheduleRow, row: RunRow): ReportRun => {
  const dueMs = new Date(row.due_at).getTime();
  return {
    id: row.id,
    due_at: isoOf(row.due_at),
    status: row.status,
    sent_at: row.sent_at === null ? null : isoOf(row.sent_at),
    recipient_count: row.recipients.length,
    recipients: row.recipients,
    formats: row.formats,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' && row.next_attempt_at !== null ? isoOf(row.next_attempt_at) : null,
    reason_code: row.reason_code,
    reason: row.reason,
    pdf_missing: row.pdf_missing,
    link: reportRoutePath(schedule.report, runPeriodOf(schedule.report, dueMs, schedule.time_zone), schedule.customer_id),
  };
};

const recipientOf = (row: RecipientRow): ReportRecipient => ({
  recipient_id: row.id,
  schedule_id: row.schedule_id,
  name: row.name,
  email: row.email,
  nickname: row.nickname,
});

const reportOf = (row: StoredReportRow): StoredReport => ({
  id: row.id,
  kind: row.kind,
  week: isDailyReport(row.kind) ? null : row.period_start,
  day: isDailyReport(row.kind) ? row.period_start : null,
  customer_id: row.customer_id === '' ? null : row.customer_id,
  created_by: row.created_by,
  created_at: isoOf(row.created_at),
  updated_by: row.updated_by,
  updated_at: isoOf(row.updated_at),
});

/**
 * Report management: the stored reports, the schedules and their recipients. Another tenant's schedule or
 * recipient answers 404, as an unknown one does. Every check runs before anything is written.
 */
export function createReportSchedulesService({ repository, runs, findTenant, customerExists, now }: Deps) {
  const tenantOf = async (tenantId: string) => {
    const tenant = await findTenant(tenantId);
    if (!tenant) throw notFound('Tenant');
    return tenant;
  };
  const requireKind = (tenantType: 'tracking' | 'powerdata', kind: ReportKind, field: string) => {
    if (!reportKindsOf(tenantType).includes(kind)) throw validationError([{ field, message: `No ${kind} report for this tenant` }]);
  };
  /** A report narrowed to a customer names one of the tenant's own: another tenant's, or none, is refused by name. */
  const requireCustomer = async (tenantId: string, customerId: string | null | undefined) => {
    if (customerId && !(await customerExists(tenantId, customerId))) {
      throw validationError([{ field: 'customer_id', message: `No customer ${customerId} in your organisation` }]);
    }
  };
  const requireSchedule = async (tenantId: string, id: string) => {
    const row = await repository.find(tenantId, id);
    if (!row) throw notFound('Schedule');
    return row;
  };
  const requireRun = async (tenantId: string, scheduleId: string, runId: string) => {
    const row = await repository.run(tenantId, scheduleId, runId);
    if (!row) throw notFound('Delivery');
    return row;
  };
  /** The body as stored: the tenant's zone where none is set, and the next due time from now. */
  const stored = async (tenantId: string, body: ScheduleBody) => {
    const tenant = await tenantOf(tenantId);
    requireKind(tenant.type, body.report, 'report');
    await requireCustomer(tenantId, body.customer_id);
    const timing = { ...body, time_zone: body.time_zone ?? tenant.time_zone };
    return { ...timing, next_due_at: new Date(nextDueAfter(timing, now())).toISOString() };
  };

  return {
    async reports(tenantId: string, page: number, perPage: number): Promise<StoredReportsPage> {
      const rows = await repository.reportsPage(tenantId, perPage, (page - 1) * perPage);
      const total = rows[0]?.total ?? (page > 1 ? await repository.countReports(tenantId) : 0);
      return { items: rows.map(reportOf), page, per_page: perPage, total };
    },
    /** A report of a period that has begun (this week or day at the latest), named by its first day. */
    async addReport(principal: TenantPrincipal, body: ReportBody): Promise<StoredReport> {
      const tenant = await tenantOf(principal.tenantId);
      requireKind(tenant.type, body.kind, 'kind');
      await requireCustomer(principal.tenantId, body.customer_id);
      const field = isDailyReport(body.kind) ? 'day' : 'week';
      const given = body[field] ?? '';
      const start = isDailyReport(body.kind) ? given : weekIdOfDay(given);
      const latest = isDailyReport(body.kind) ? zonedDay(now(), tenant.time_zone) : zonedWeekIdOf(now(), tenant.time_zone);
      if (start === null || start > latest) throw validationError([{ field, message: `No report of a ${field} that has not begun` }]);
      return reportOf(await repository.upsertReport(principal.tenantId, body.kind, start, body.customer_id, principal.userId));
    },

    async list(tenantId: string): Promise<ReportSchedule[]> {
      return (await repository.list(tenantId)).map(scheduleOf);
    },
    async get(tenantId: string, id: string): Promise<ReportScheduleDetail> {
      const row = await requireSchedule(tenantId, id);
      return { ...scheduleOf(row), runs: (await repository.runs(tenantId, id, RUNS_SHOWN)).map((run) => runOf(row, run)) };
    },
    async create(principal: TenantPrincipal, body: ScheduleBody): Promise<ReportSchedule> {
      const schedule = await stored(principal.tenantId, body);
      const id = await repository.insert(principal.tenantId, schedule, principal.userId, principal.email ?? null);
      return scheduleOf(await requireSchedule(principal.tenantId, id));
    },
    async update(principal: TenantPrincipal, id: string, body: ScheduleBody): Promise<ReportSchedule> {
      await requireSchedule(principal.tenantId, id);
      const schedule = await stored(principal.tenantId, body);
      if (!(await repository.update(principal.tenantId, id, schedule, principal.userId))) throw notFound('Schedule');
      return scheduleOf(await requireSchedule(principal.tenantId, id));
    },
    async remove(tenantId: string, id: string): Promise<void> {
      if (!(await repository.remove(tenantId, id))) throw notFound('Schedule');
    },

    /** A delivery due now, beside the scheduled ones: the runner picks it up within its next round. */
    async sendNow(principal: TenantPrincipal, scheduleId: string): Promise<ReportRun> {
      const schedule = await requireSchedule(principal.tenantId, scheduleId);
      const runId = await runs.addManualRun(principal.tenantId, scheduleId, new Date(now()).toISOString(), principal.userId);
      return runOf(schedule, await requireRun(principal.tenantId, scheduleId, runId));
    },
    /** A failed or skipped delivery back to pending, due now; one sent or still pending is a conflict. */
    async sendAgain(principal: TenantPrincipal, scheduleId: string, runId: string): Promise<ReportRun> {
      const schedule = await requireSchedule(principal.tenantId, scheduleId);
      const run = await requireRun(principal.tenantId, scheduleId, runId);
      if (!canSendAgain(run.status)) throw new HttpError(409, 'conflict', `A ${run.status} delivery cannot be sent again`);
      if (!(await runs.sendAgain(principal.tenantId, scheduleId, runId, new Date(now()).toISOString(), principal.userId))) {
        throw new HttpError(409, 'conflict', 'The delivery changed meanwhile; look at the history again');
      }
      return runOf(schedule, await requireRun(principal.tenantId, scheduleId, runId));
    },

    async recipients(tenantId: string, scheduleId: string): Promise<ReportRecipient[]> {
      await requireSchedule(tenantId, scheduleId);
      return (await repository.recipients(tenantId, scheduleId)).map(recipientOf);
    },
    async addRecipient(principal: TenantPrincipal, scheduleId: string, body: RecipientBody): Promise<ReportRecipient> {
      await requireSchedule(principal.tenantId, scheduleId);
      return recipientOf(await repository.addRecipient(principal.tenantId, scheduleId, body, principal.userId));
    },
    async removeRecipient(tenantId: string, scheduleId: string, recipientId: string): Promise<void> {
      await requireSchedule(tenantId, scheduleId);
      if (!(await repository.removeRecipient(tenantId, scheduleId, recipientId))) throw notFound('Recipient');
    },
  };
}
export type ReportSchedulesService = ReturnType<typeof createReportSchedulesService>;
