import { REPORTS_PER_DAY_MAX } from '@gridlens/domain/power/communication';

/**
 * Tenant $1's power_device_daily rows from day `fromDay` to `toDay` (SQL date expressions) whose device passes
 * `and` (an SQL condition on `r.`, starting with AND, or nothing), each with `missed_messages`: the messages the
 * device missed that day, its sequence gaps within the day plus those across the midnight before it
 * (missedMessagesOfDay and missedMessagesAcrossMidnight in the domain say why, and why at most a day's reports).
 * The day before `fromDay` is read for that midnight and then left out. A window function (`lag`) over each
 * device's days: on the assets list's parallel parts each sort is small, and `npm run bench` measured its list
 * at p95 93 ms against 119 ms for a self join of the two day ranges (docs/performance.md). Computed in bigint: two
 * numbers far apart overflow an int.
 */
export const dailyWithMissed = (fromDay: string, toDay: string, and = '') => `(
  SELECT * FROM (
    SELECT r.*,
           GREATEST(LEAST(r.max_seq - r.min_seq + 1 - r.message_count, GREATEST(${REPORTS_PER_DAY_MAX}, r.message_count)), 0)
           + CASE WHEN lag(r.day) OVER w = r.day - 1
                  THEN GREATEST(LEAST(r.min_seq - lag(r.max_seq) OVER w - 1, ${REPORTS_PER_DAY_MAX}), 0) ELSE 0 END AS missed_messages
      FROM power_device_daily r
     WHERE r.tenant_id = $1 AND r.day >= (${fromDay}) - 1 AND r.day <= (${toDay})${and}
    WINDOW w AS (PARTITION BY r.device_id ORDER BY r.day)) AS with_missed
   WHERE day >= (${fromDay}))`;
