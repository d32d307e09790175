import type { RecipientBodySchema } from '@gridlens/contract/alerts';
import type {
  AddReportBodySchema,
  ReportRecipient,
  ReportRun,
  ReportSchedule,
  ReportScheduleBodySchema,
  ReportScheduleDetail,
  StoredReport,
  StoredReportsPage,
} from '@gridlens/contract/report-schedules';
import { isDailyReport, nextDueAfter, reportKindsOf, type ReportKind } from '@gridlens/domain/reports/schedules';
import { zonedDay } from '@gridlens/domain/time-range';
import { weekIdOfDay, zonedWeekIdOf } from '@gridlens/domain/tracking/weeks';
import type { z } from 'zod';
import type { TenantPrincipal } from '../../auth/auth.plugin';
import { notFound, validationError } from '../../http/http-error';
import { isoOf } from '../../http/iso-timestamp';
import type { FindTenant } from '../tenants/tenants.module';
import type { RecipientRow, ReportSchedulesRepository, RunRow, ScheduleRow, StoredReportRow } from './report-schedules.repository';

type ScheduleBody = z.output<typeof ReportScheduleBodySchema>;
type RecipientBody = z.output<typeof RecipientBodySchema>;
type ReportBody = z.output<typeof AddReportBodySchema>;

/** How many of a schedule's deliveries its detail shows. */
export const RUNS_SHOWN = 20;

interface Deps {
  repository: ReportSchedulesRepository;
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
  created_by: row.created_by,
  created_at: isoOf(row.created_at),
  updated_by: row.updated_by,
  updated_at: isoOf(row.updated_at),
});

const runOf = (row: RunRow): ReportRun => ({
  id: row.id,
  due_at: isoOf(row.due_at),
  status: row.status,
  sent_at: row.sent_at === null ? null : isoOf(row.sent_at),
  recipient_count: row.recipient_count,
  formats: row.formats,
  reason: row.reason,
});

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
export function createReportSchedulesService({ repository, findTenant, customerExists, now }: Deps) {
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
      return { ...scheduleOf(row), runs: (await repository.runs(tenantId, id, RUNS_SHOWN)).map(runOf) };
    },
    async create(principal: TenantPrincipal, body: ScheduleBody): Promise<ReportSchedule> {
      const id = await repository.insert(principal.tenantId, await stored(principal.tenantId, body), principal.userId);
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
