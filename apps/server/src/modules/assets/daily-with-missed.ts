import { REPORTS_PER_DAY_MAX } from '@gridlens/domain/power/communication';

/**
 * Tenant $1's power_device_daily rows from day `fromDay` to `toDay` (SQL date expressions) whose device passes
 * `and` (an SQL condition on `r.`, starting with AND, or nothing), each with `missed_messages`: the messages the
 * device missed that day, its sequence gaps within the day plus those across the midnight before it
 * (missedMessagesOfDay and missedMessagesAcrossMidnight in the domain say why, and why at most a day's reports).
 * Each day is joined to the day before it (a hash join of the two ranges, cheaper here than a window function's
 * sort). Computed in bigint: two numbers far apart overflow an int.
 */
export const dailyWithMissed = (fromDay: string, toDay: string, and = '') => `(
  SELECT r.*,
         GREATEST(LEAST(r.max_seq - r.min_seq + 1 - r.message_count, GREATEST(${REPORTS_PER_DAY_MAX}, r.message_count)), 0)
         -- LEAST and GREATEST skip nulls, hence the CASE for a day without a day before it.
         + CASE WHEN before.max_seq IS NULL THEN 0 ELSE GREATEST(LEAST(r.min_seq - before.max_seq - 1, ${REPORTS_PER_DAY_MAX}), 0) END AS missed_messages
    FROM power_device_daily r
    LEFT JOIN power_device_daily before
      ON before.tenant_id = $1 AND before.device_id = r.device_id AND before.day = r.day - 1
     AND before.day >= (${fromDay}) - 1 AND before.day < (${toDay})
   WHERE r.tenant_id = $1 AND r.day >= (${fromDay}) AND r.day <= (${toDay})${and})`;
