import type { Queryable } from '../../db/database';
import type { TemperatureMetricPreference } from '@gridlens/domain/temperature';

export interface UserSettingsRow {
  default_section: string | null;
  sections_order: string[];
  hidden_sections: string[];
  temperature_metric: TemperatureMetricPreference;
  time_zone: string | null;
}

export function createUserSettingsRepository(db: Queryable) {
  return {
    async find(tenantId: string, userId: string): Promise<UserSettingsRow | null> {
      const rows = await db.query<UserSettingsRow>(
        `SELECT default_section, sections_order, hidden_sections, temperature_metric, time_zone
           FROM user_settings WHERE tenant_id = $1 AND user_id = $2`,
        [tenantId, userId],
      );
      return rows[0] ?? null;
    },
    async save(tenantId: string, userId: string, settings: UserSettingsRow): Promise<void> {
      await db.query(
        `INSERT INTO user_settings (tenant_id, user_id, default_section, sections_order, hidden_sections, temperature_metric, time_zone)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (tenant_id, user_id) DO UPDATE SET
           default_section = EXCLUDED.default_section, sections_order = EXCLUDED.sections_order,
           hidden_sections = EXCLUDED.hidden_sections, temperature_metric = EXCLUDED.temperature_metric,
           time_zone = EXCLUDED.time_zone, updated_at = now()`,
        [
          tenantId,
          userId,
          settings.default_section,
          JSON.stringify(settings.sections_order),
          JSON.stringify(settings.hidden_sections),
          settings.temperature_metric,
          settings.time_zone,
        ],
      );
    },
  };
}
export type UserSettingsRepository = ReturnType<typeof createUserSettingsRepository>;
