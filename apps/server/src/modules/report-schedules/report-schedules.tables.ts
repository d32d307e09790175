import type { TableOwnership } from '../../db/table-ownership';

/** Stored reports, schedules, their recipients and their deliveries (migration 0024). */
export const TABLES: TableOwnership = {
  owns: ['stored_reports', 'report_schedules', 'report_schedule_recipients', 'report_schedule_runs'],
};
