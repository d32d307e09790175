import type { RunReason, RunStatus } from '@gridlens/contract/report-schedules';
import type { Language } from '@gridlens/domain/language';
import type { ReportFormat, ReportKind, ScheduleFrequency } from '@gridlens/domain/reports/schedules';
import type { Queryable } from '../../db/database';

/** A schedule as the service stores it: the body with its zone resolved and its next due time. */
export interface StoredSchedule {
  report: ReportKind;
  frequency: ScheduleFrequency;
  day_of_week: number | null;
  day_of_month: number | null;
  local_time: string;
  time_zone: string;
  language: Language;
  formats: ReportFormat[];
  customer_id: string | null;
  only_when_attention: boolean;
  /** ISO instant (UTC). */
  next_due_at: string;
}

export interface ScheduleRow extends Omit<StoredSchedule, 'next_due_at'> {
  id: string;
  next_due_at: Date | string;
  recipient_count: number;
  consecutive_failures: number;
  created_by: string | null;
  created_at: Date | string;
  updated_by: string | null;
  updated_at: Date | string;
}

export interface RecipientRow {
  id: string;
  schedule_id: string;
  name: string;
  email: string;
  nickname: string | null;
}

export interface RunRow {
  id: string;
  due_at: Date | string;
  status: RunStatus;
  sent_at: Date | string | null;
  recipients: string[];
  formats: ReportFormat[];
  attempts: number;
  next_attempt_at: Date | string | null;
  reason_code: RunReason | null;
  reason: string | null;
  pdf_missing: string | null;
}

export interface StoredReportRow {
  id: string;
  kind: ReportKind;
  period_start: string;
  customer_id: string;
  created_by: string | null;
  created_at: Date | string;
  updated_by: string | null;
  updated_at: Date | string;
  total: number;
}

const SCHEDULE_COLUMNS = `s.id, s.report, s.frequency, s.day_of_week, s.day_of_month, s.local_time, s.time_zone, s.language,
  to_json(s.formats) AS formats, s.customer_id, s.only_when_attention, s.next_due_at, s.consecutive_failures, s.created_by, s.created_at, s.updated_by, s.updated_at,
  (SELECT count(*)::int FROM report_schedule_recipients x WHERE x.schedule_id = s.id) AS recipient_count`;

const RUN_COLUMNS = `id, due_at, status, sent_at, to_json(recipients) AS recipients, to_json(formats) AS formats, attempts,
  next_attempt_at, reason_code, reason, pdf_missing`;
const REPORT_COLUMNS = `id, kind, to_char(period_start, 'YYYY-MM-DD') AS period_start, customer_id, created_by, created_at, updated_by, updated_at`;

/** Stored reports, schedules, recipients and runs; every statement is scoped by the caller's tenant. */
export function createReportSchedulesRepository(db: Queryable) {
  return {
    /** A page of the tenant's stored reports, newest period first, each row with the tenant's total count. */
    reportsPage(tenantId: string, limit: number, offset: number): Promise<StoredReportRow[]> {
      return db.query<StoredReportRow>(
        `SELECT ${REPORT_COLUMNS}, count(*) OVER ()::int AS total FROM stored_reports
          WHERE tenant_id = $1 ORDER BY period_start DESC, kind, customer_id LIMIT $2 OFFSET $3`,
        [tenantId, limit, offset],
      );
    },
    /** One of the tenant's stored reports; null for an unknown id or another tenant's. */
    async findReport(tenantId: string, id: string): Promise<Omit<StoredReportRow, 'total'> | null> {
      const [row] = await db.query<Omit<StoredReportRow, 'total'>>(
        `SELECT ${REPORT_COLUMNS} FROM stored_reports WHERE tenant_id = $1 AND id = $2`,
        [tenantId, id],
      );
      return row ?? null;
    },
    async countReports(tenantId: string): Promise<number> {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM stored_reports WHERE tenant_id = $1', [tenantId]);
      return row?.n ?? 0;
    },
    /** Stores a report of a period, or refreshes the one already stored for that period and customer. */
    async upsertReport(
      tenantId: string,
      kind: ReportKind,
      periodStart: string,
      customerId: string | null,
      by: string,
    ): Promise<StoredReportRow> {
      const [row] = await db.query<StoredReportRow>(
        `INSERT INTO stored_reports (tenant_id, kind, period_start, customer_id, created_by, updated_by)
         VALUES ($1, $2, $3::date, $4, $5, $5)
         ON CONFLICT (tenant_id, kind, period_start, customer_id) DO UPDATE SET updated_by = EXCLUDED.updated_by, updated_at = now()
         RETURNING ${REPORT_COLUMNS}, 1 AS total`,
        [tenantId, kind, periodStart, customerId ?? '', by],
      );
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return row;
    },

    list(tenantId: string): Promise<ScheduleRow[]> {
      return db.query<ScheduleRow>(
        `SELECT ${SCHEDULE_COLUMNS} FROM report_schedules s WHERE s.tenant_id = $1 ORDER BY s.created_at, s.id`,
        [tenantId],
      );
    },
    async find(tenantId: string, id: string): Promise<ScheduleRow | null> {
      const [row] = await db.query<ScheduleRow>(`SELECT ${SCHEDULE_COLUMNS} FROM report_schedules s WHERE s.tenant_id = $1 AND s.id = $2`, [
        tenantId,
        id,
      ]);
      return row ?? null;
    },
    /** A new schedule; `ownerEmail` (the creator's address, when their token has one) is told if it keeps failing. */
    async insert(tenantId: string, schedule: StoredSchedule, by: string, ownerEmail: string | null): Promise<string> {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO report_schedules (tenant_id, report, frequency, day_of_week, day_of_month, local_time, time_zone, language, formats,
                                       customer_id, only_when_attention, next_due_at, created_by, updated_by, owner_email)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::text[], $10, $11, $12, $13, $13, $14) RETURNING id`,
        [tenantId, ...scheduleValues(schedule), by, ownerEmail],
      );
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return row.id;
    },
    /** Replaces a schedule; false when the tenant has no such schedule. */
    async update(tenantId: string, id: string, schedule: StoredSchedule, by: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE report_schedules SET report = $3, frequency = $4, day_of_week = $5, day_of_month = $6, local_time = $7, time_zone = $8,
                language = $9, formats = $10::text[], customer_id = $11, only_when_attention = $12, next_due_at = $13,
                updated_by = $14, updated_at = now()
          WHERE tenant_id = $1 AND id = $2 RETURNING id`,
        [tenantId, id, ...scheduleValues(schedule), by],
      );
      return rows.length > 0;
    },
    /** Deletes a schedule with its recipients and runs; false when the tenant has no such schedule. */
    async remove(tenantId: string, id: string): Promise<boolean> {
      return (await db.query('DELETE FROM report_schedules WHERE tenant_id = $1 AND id = $2 RETURNING id', [tenantId, id])).length > 0;
    },

    recipients(tenantId: string, scheduleId: string): Promise<RecipientRow[]> {
      return db.query<RecipientRow>(
        `SELECT id, schedule_id, name, email, nickname FROM report_schedule_recipients
          WHERE tenant_id = $1 AND schedule_id = $2 ORDER BY created_at, id`,
        [tenantId, scheduleId],
      );
    },
    async addRecipient(
      tenantId: string,
      scheduleId: string,
      recipient: { name: string; email: string; nickname: string | null },
      by: string,
    ): Promise<RecipientRow> {
      const [row] = await db.query<RecipientRow>(
        `INSERT INTO report_schedule_recipients (tenant_id, schedule_id, name, email, nickname, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id, schedule_id, name, email, nickname`,
        [tenantId, scheduleId, recipient.name, recipient.email, recipient.nickname, by],
      );
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return row;
    },
    async removeRecipient(tenantId: string, scheduleId: string, recipientId: string): Promise<boolean> {
      const rows = await db.query(
        'DELETE FROM report_schedule_recipients WHERE tenant_id = $1 AND schedule_id = $2 AND id = $3 RETURNING id',
        [tenantId, scheduleId, recipientId],
      );
      return rows.length > 0;
    },

    /** The latest runs of a schedule, newest due time first. */
    runs(tenantId: string, scheduleId: string, limit: number): Promise<RunRow[]> {
      return db.query<RunRow>(
        `SELECT ${RUN_COLUMNS} FROM report_schedule_runs WHERE tenant_id = $1 AND schedule_id = $2 ORDER BY due_at DESC LIMIT $3`,
        [tenantId, scheduleId, limit],
      );
    },
    async run(tenantId: string, scheduleId: string, runId: string): Promise<RunRow | null> {
      const [row] = await db.query<RunRow>(
        `SELECT ${RUN_COLUMNS} FROM report_schedule_runs WHERE tenant_id = $1 AND schedule_id = $2 AND id = $3`,
        [tenantId, scheduleId, runId],
      );
      return row ?? null;
    },
  };
}
export type ReportSchedulesRepository = ReturnType<typeof createReportSchedulesRepository>;

const scheduleValues = (s: StoredSchedule) => [
  s.report,
  s.frequency,
  s.day_of_week,
  s.day_of_month,
  s.local_time,
  s.time_zone,
  s.language,
  s.formats,
  s.customer_id,
  s.only_when_attention,
  s.next_due_at,
];
