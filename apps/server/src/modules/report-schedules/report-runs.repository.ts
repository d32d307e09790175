import type { RunReason } from '@gridlens/contract/report-schedules';
import type { Language } from '@gridlens/domain/language';
import type { ReportFormat, ReportKind, ScheduleFrequency } from '@gridlens/domain/reports/schedules';
import type { Database } from '../../db/database';

/** A schedule due to be claimed: its timing, to compute the due time it is claimed for and the next one. */
export interface DueScheduleRow {
  id: string;
  tenant_id: string;
  frequency: ScheduleFrequency;
  day_of_week: number | null;
  day_of_month: number | null;
  local_time: string;
  time_zone: string;
  next_due_at: Date | string;
}

/** A run claimed for sending, with what its schedule says about the report. */
export interface ClaimedRunRow {
  id: string;
  tenant_id: string;
  schedule_id: string;
  due_at: Date | string;
  attempts: number;
  /** Addresses already sent to by an earlier attempt of this run: a retry does not send them the report twice. */
  sent_to: string[];
  manual: boolean;
  report: ReportKind;
  language: Language;
  formats: ReportFormat[];
  customer_id: string | null;
  time_zone: string;
  only_when_attention: boolean;
  owner_email: string | null;
}

export interface RunOutcome {
  status: 'sent' | 'skipped' | 'failed';
  /** ISO instant. */
  sentAt: string | null;
  recipients: readonly string[];
  formats: readonly ReportFormat[];
  reasonCode: RunReason | null;
  reason: string | null;
  pdfMissing: string | null;
}

/** Turns a schedule's due time into the one it is claimed for and the next after now (the runner's clock). */
export type DueTimes = (schedule: DueScheduleRow) => { claimFor: number; next: number };

/**
 * The schedule runner's statements on report management's tables (migration 0024, 0025). Claims are made with
 * `FOR UPDATE SKIP LOCKED` and a unique run per schedule and due time, so that any number of processes sharing
 * the database deliver each due time once. Times come from the runner's clock, never from the database's `now()`,
 * so that tests can move it across a daylight-saving change.
 */
export function createReportRunsRepository(db: Database) {
  return {
    /**
     * The schedules due by `nowIso`, each given one run (for the due time `dueTimes` names: the latest missed one
     * when the server was down, so a gap is caught up once, not once per missed time) and moved on to its next due
     * time, in one transaction. The number of runs created.
     */
    async claimDueSchedules(nowIso: string, limit: number, dueTimes: DueTimes): Promise<number> {
      return db.transaction(async (tx) => {
        const due = await tx.query<DueScheduleRow>(
          `SELECT id, tenant_id, frequency, day_of_week, day_of_month, local_time, time_zone, next_due_at
             FROM report_schedules WHERE next_due_at <= $1::timestamptz
            ORDER BY next_due_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
          [nowIso, limit],
        );
        let created = 0;
        for (const schedule of due) {
          const { claimFor, next } = dueTimes(schedule);
          const inserted = await tx.query(
            `INSERT INTO report_schedule_runs (tenant_id, schedule_id, due_at, next_attempt_at, created_by, updated_by)
             VALUES ($1, $2, $3::timestamptz, $3::timestamptz, 'report-delivery', 'report-delivery')
             ON CONFLICT (schedule_id, due_at) DO NOTHING RETURNING id`,
            [schedule.tenant_id, schedule.id, new Date(claimFor).toISOString()],
          );
          created += inserted.length;
          await tx.query('UPDATE report_schedules SET next_due_at = $2::timestamptz WHERE id = $1', [
            schedule.id,
            new Date(next).toISOString(),
          ]);
        }
        return created;
      });
    },

    /**
     * Up to `limit` pending runs whose attempt is due, each leased to this process until `leaseUntilIso` and its
     * attempt counted. A run whose lease ran out (its process died while sending) is claimed again.
     */
    claimDueRuns(nowIso: string, leaseUntilIso: string, limit: number): Promise<ClaimedRunRow[]> {
      return db.query<ClaimedRunRow>(
        `WITH claimed AS (
           UPDATE report_schedule_runs r SET claimed_until = $2::timestamptz, attempts = r.attempts + 1
            WHERE r.id IN (SELECT id FROM report_schedule_runs
                            WHERE status = 'pending' AND next_attempt_at <= $1::timestamptz
                              AND (claimed_until IS NULL OR claimed_until < $1::timestamptz)
                            ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
            RETURNING r.*)
         SELECT c.id, c.tenant_id, c.schedule_id, c.due_at, c.attempts, c.recipients AS sent_to, c.manual,
                s.report, s.language, to_json(s.formats) AS formats, s.customer_id, s.time_zone, s.only_when_attention, s.owner_email
           FROM claimed c JOIN report_schedules s ON s.id = c.schedule_id AND s.tenant_id = c.tenant_id
          ORDER BY c.due_at`,
        [nowIso, leaseUntilIso, limit],
      );
    },

    recipients(tenantId: string, scheduleId: string): Promise<{ name: string; email: string }[]> {
      return db.query(
        'SELECT name, email FROM report_schedule_recipients WHERE tenant_id = $1 AND schedule_id = $2 ORDER BY created_at, id',
        [tenantId, scheduleId],
      );
    },

    /** Ends a run: sent, skipped or failed for good. */
    async finish(tenantId: string, runId: string, outcome: RunOutcome, atIso: string): Promise<void> {
      await db.query(
        `UPDATE report_schedule_runs SET status = $3, sent_at = $4::timestamptz, recipients = $5::text[], formats = $6::text[],
                reason_code = $7, reason = $8, pdf_missing = $9, claimed_until = NULL, next_attempt_at = NULL,
                updated_by = 'report-delivery', updated_at = $10::timestamptz
          WHERE tenant_id = $1 AND id = $2`,
        [
          tenantId,
          runId,
          outcome.status,
          outcome.sentAt,
          outcome.recipients,
          outcome.formats,
          outcome.reasonCode,
          outcome.reason,
          outcome.pdfMissing,
          atIso,
        ],
      );
    },

    /** Leaves a run pending for another attempt at `nextAttemptIso`, keeping whom it has reached so far and why it stopped. */
    async retryLater(
      tenantId: string,
      runId: string,
      retry: { nextAttemptIso: string; sentTo: readonly string[]; reasonCode: RunReason; reason: string; atIso: string },
    ): Promise<void> {
      await db.query(
        `UPDATE report_schedule_runs SET next_attempt_at = $3::timestamptz, recipients = $4::text[], reason_code = $5, reason = $6,
                claimed_until = NULL, updated_by = 'report-delivery', updated_at = $7::timestamptz
          WHERE tenant_id = $1 AND id = $2`,
        [tenantId, runId, retry.nextAttemptIso, retry.sentTo, retry.reasonCode, retry.reason, retry.atIso],
      );
    },

    /**
     * Counts a run's outcome on its schedule: a failure adds one to the failures in a row, anything else clears
     * them. The count after it and the owner's address.
     */
    async countOutcome(tenantId: string, scheduleId: string, failed: boolean): Promise<{ failures: number; ownerEmail: string | null }> {
      const [row] = await db.query<{ consecutive_failures: number; owner_email: string | null }>(
        `UPDATE report_schedules SET consecutive_failures = CASE WHEN $3 THEN consecutive_failures + 1 ELSE 0 END
          WHERE tenant_id = $1 AND id = $2 RETURNING consecutive_failures, owner_email`,
        [tenantId, scheduleId, failed],
      );
      return { failures: row?.consecutive_failures ?? 0, ownerEmail: row?.owner_email ?? null };
    },

    /** A run due now, asked for by a user; its id. */
    async addManualRun(tenantId: string, scheduleId: string, nowIso: string, by: string): Promise<string> {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO report_schedule_runs (tenant_id, schedule_id, due_at, next_attempt_at, manual, created_by, updated_by)
         VALUES ($1, $2, $3::timestamptz, $3::timestamptz, true, $4, $4)
         ON CONFLICT (schedule_id, due_at) DO UPDATE SET updated_at = EXCLUDED.updated_at RETURNING id`,
        [tenantId, scheduleId, nowIso, by],
      );
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return row.id;
    },

    /** Puts a failed or skipped run back to pending, due now, from its first attempt; false when it is neither. */
    async sendAgain(tenantId: string, scheduleId: string, runId: string, nowIso: string, by: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE report_schedule_runs SET status = 'pending', attempts = 0, next_attempt_at = $4::timestamptz, claimed_until = NULL,
                sent_at = NULL, recipients = '{}', reason_code = NULL, reason = NULL, pdf_missing = NULL, updated_by = $5,
                updated_at = $4::timestamptz
          WHERE tenant_id = $1 AND schedule_id = $2 AND id = $3 AND status IN ('failed', 'skipped') RETURNING id`,
        [tenantId, scheduleId, runId, nowIso, by],
      );
      return rows.length > 0;
    },
  };
}
export type ReportRunsRepository = ReturnType<typeof createReportRunsRepository>;
