import type { DeviceStatus } from '@gridlens/domain/power/enumerations';
import type { StatusChangeRecord } from '@gridlens/domain/rollout/status';
import { arrayLiteral } from '../../db/array-literal';
import type { Queryable } from '../../db/database';

export interface GroupRow {
  group_id: string;
  name: string;
  region: string | null;
  contact: string | null;
  weekly_target: number;
  updated_by: string | null;
  updated_at: Date | string;
}

export interface GroupFiguresRow extends GroupRow {
  sites: number;
  planned_to_date: number;
  installed: number;
  aborted: number;
  first_time: number;
  attempted: number;
}

export interface SiteRow {
  site_id: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  group_id: string | null;
  group_name: string | null;
  planned_week: string | null;
  notes: string | null;
  device_id: string | null;
  device_status: DeviceStatus | null;
  installed_at: Date | string | null;
  attempts: number;
  abort_reason: string | null;
  aborted_at: Date | string | null;
  updated_by: string | null;
  updated_at: Date | string;
}

export interface StoredSite {
  site_id: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  group_id: string | null;
  planned_week: string | null;
  notes: string | null;
  device_id: string | null;
}

export interface DeviceRow {
  device_id: string;
  name: string;
  device_status: DeviceStatus;
  status_since: Date | string | null;
  site_id: string | null;
  site_name: string | null;
  group_id: string | null;
  group_name: string | null;
  installed_at: Date | string | null;
  last_message_at: Date | string | null;
  test_at: Date | string | null;
  test_passed: boolean | null;
}

/** One row of a device's dated status history. */
export type HistoryEntry = StatusChangeRecord;

const SITE_COLUMNS = `s.site_id, s.name, s.latitude, s.longitude, s.group_id, g.name AS group_name,
  to_char(s.planned_week, 'YYYY-MM-DD') AS planned_week, s.notes, s.device_id, p.device_status, s.installed_at, s.attempts,
  s.abort_reason, s.aborted_at, s.updated_by, s.updated_at`;
const SITE_FROM = `rollout_sites s
  LEFT JOIN rollout_groups g ON g.tenant_id = s.tenant_id AND g.group_id = s.group_id
  LEFT JOIN power_devices p ON p.tenant_id = s.tenant_id AND p.device_id = s.device_id`;
const GROUP_COLUMNS = 'g.group_id, g.name, g.region, g.contact, g.weekly_target, g.updated_by, g.updated_at';

/** Each device with its site, group, newest message, status date and latest recorded test. */
const DEVICE_SELECT = `SELECT p.device_id, p.transformer_name AS name, p.device_status, h.at AS status_since, s.site_id,
    s.name AS site_name, s.group_id, g.name AS group_name, s.installed_at, l.last_message_at, t.tested_at AS test_at, t.passed AS test_passed
  FROM power_devices p
  LEFT JOIN power_device_latest l ON l.tenant_id = p.tenant_id AND l.device_id = p.device_id
  LEFT JOIN rollout_sites s ON s.tenant_id = p.tenant_id AND s.device_id = p.device_id
  LEFT JOIN rollout_groups g ON g.tenant_id = s.tenant_id AND g.group_id = s.group_id
  LEFT JOIN LATERAL (SELECT x.at FROM device_status_history x WHERE x.tenant_id = p.tenant_id AND x.device_id = p.device_id
                      ORDER BY x.at DESC, x.id DESC LIMIT 1) h ON true
  LEFT JOIN LATERAL (SELECT d.tested_at, d.passed FROM device_tests d WHERE d.tenant_id = p.tenant_id AND d.device_id = p.device_id
                      ORDER BY d.tested_at DESC, d.id DESC LIMIT 1) t ON true
  WHERE p.tenant_id = $1`;

/**
 * Which of DEVICE_SELECT's rows (as `d`, with $2 the latest fitting a silent device can have) are in the
 * installed-but-silent queue: the rule of the domain's silentSinceMs, in SQL so that only the queue is read.
 */
const SILENT_WHERE = `((d.device_status = 'Inactive' AND coalesce(d.last_message_at, d.installed_at, d.status_since) IS NOT NULL)
   OR (d.device_status = 'Installed' AND d.last_message_at IS NULL AND coalesce(d.installed_at, d.status_since) <= $2::timestamptz))`;

/** A site's fields as the INSERT and the UPDATE of one site take them: $1 the tenant … $10 who. */
const siteParams = (tenantId: string, site: StoredSite, by: string) => [
  tenantId,
  site.site_id,
  site.name,
  site.latitude,
  site.longitude,
  site.group_id,
  site.planned_week,
  site.notes,
  site.device_id,
  by,
];

const one = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return row;
};

/** The rollout plan, the status history and the figures; every statement is scoped by the caller's tenant. */
export function createRolloutRepository(db: Queryable) {
  const findSite = async (tenantId: string, siteId: string, q: Queryable = db): Promise<SiteRow | null> => {
    const [row] = await q.query<SiteRow>(`SELECT ${SITE_COLUMNS} FROM ${SITE_FROM} WHERE s.tenant_id = $1 AND s.site_id = $2`, [
      tenantId,
      siteId,
    ]);
    return row ?? null;
  };
  return {
    // -- Planner groups ------------------------------------------------------------------------------------------
    async groupFigures(tenantId: string, currentWeek: string): Promise<GroupFiguresRow[]> {
      return db.query<GroupFiguresRow>(
        `SELECT ${GROUP_COLUMNS}, count(s.site_id)::int AS sites,
                count(*) FILTER (WHERE s.planned_week <= $2::date)::int AS planned_to_date,
                count(*) FILTER (WHERE s.installed_at IS NOT NULL)::int AS installed,
                count(*) FILTER (WHERE s.installed_at IS NULL AND s.aborted_at IS NOT NULL)::int AS aborted,
                count(*) FILTER (WHERE s.installed_at IS NOT NULL AND s.attempts <= 1)::int AS first_time,
                count(*) FILTER (WHERE s.installed_at IS NOT NULL OR s.aborted_at IS NOT NULL)::int AS attempted
           FROM rollout_groups g LEFT JOIN rollout_sites s ON s.tenant_id = g.tenant_id AND s.group_id = g.group_id
          WHERE g.tenant_id = $1 GROUP BY g.tenant_id, g.group_id ORDER BY lower(g.name), g.group_id`,
        [tenantId, currentWeek],
      );
    },
    async findGroup(tenantId: string, groupId: string, q: Queryable = db): Promise<GroupRow | null> {
      const [row] = await q.query<GroupRow>(
        `SELECT ${GROUP_COLUMNS} FROM rollout_groups g WHERE g.tenant_id = $1 AND g.group_id::text = $2`,
        [tenantId, groupId],
      );
      return row ?? null;
    },
    groups(tenantId: string, q: Queryable = db): Promise<GroupRow[]> {
      return q.query<GroupRow>(`SELECT ${GROUP_COLUMNS} FROM rollout_groups g WHERE g.tenant_id = $1 ORDER BY lower(g.name)`, [tenantId]);
    },
    /** Whether another group of the tenant has this name (case ignored). */
    async groupNameTaken(tenantId: string, name: string, exceptId: string | null): Promise<boolean> {
      const rows = await db.query(
        'SELECT 1 FROM rollout_groups WHERE tenant_id = $1 AND lower(name) = lower($2) AND ($3::uuid IS NULL OR group_id <> $3::uuid)',
        [tenantId, name, exceptId],
      );
      return rows.length > 0;
    },
    async insertGroup(
      tenantId: string,
      group: { name: string; region: string | null; contact: string | null; weekly_target: number },
      by: string,
      q: Queryable = db,
    ): Promise<GroupRow> {
      return one(
        await q.query<GroupRow>(
          `INSERT INTO rollout_groups AS g (tenant_id, name, region, contact, weekly_target, created_by, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING ${GROUP_COLUMNS}`,
          [tenantId, group.name, group.region, group.contact, group.weekly_target, by],
        ),
      );
    },
    async updateGroup(
      tenantId: string,
      groupId: string,
      group: { name: string; region: string | null; contact: string | null; weekly_target: number },
      by: string,
      q: Queryable = db,
    ): Promise<GroupRow | null> {
      const [row] = await q.query<GroupRow>(
        `UPDATE rollout_groups g SET name = $3, region = $4, contact = $5, weekly_target = $6, updated_by = $7, updated_at = now()
          WHERE g.tenant_id = $1 AND g.group_id = $2::uuid RETURNING ${GROUP_COLUMNS}`,
        [tenantId, groupId, group.name, group.region, group.contact, group.weekly_target, by],
      );
      return row ?? null;
    },
    async groupSites(tenantId: string, groupId: string): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM rollout_sites WHERE tenant_id = $1 AND group_id = $2::uuid',
        [tenantId, groupId],
      );
      return row?.n ?? 0;
    },
    async deleteGroup(tenantId: string, groupId: string): Promise<boolean> {
      const rows = await db.query('DELETE FROM rollout_groups WHERE tenant_id = $1 AND group_id = $2::uuid RETURNING group_id', [
        tenantId,
        groupId,
      ]);
      return rows.length > 0;
    },

    // -- Sites ---------------------------------------------------------------------------------------------------
    sites(tenantId: string, filter: { group_id?: string | undefined; state?: string | undefined }): Promise<SiteRow[]> {
      return db.query<SiteRow>(
        `SELECT ${SITE_COLUMNS} FROM ${SITE_FROM}
          WHERE s.tenant_id = $1 AND ($2::uuid IS NULL OR s.group_id = $2::uuid)
            AND ($3::text IS NULL OR $3 = CASE WHEN s.installed_at IS NOT NULL THEN 'installed' WHEN s.aborted_at IS NOT NULL THEN 'aborted' ELSE 'planned' END)
          ORDER BY s.planned_week NULLS LAST, s.site_id`,
        [tenantId, filter.group_id ?? null, filter.state ?? null],
      );
    },
    findSite,
    /** The site of a device, if it has one. */
    async siteOfDevice(tenantId: string, deviceId: string, q: Queryable = db): Promise<string | null> {
      const [row] = await q.query<{ site_id: string }>('SELECT site_id FROM rollout_sites WHERE tenant_id = $1 AND device_id = $2', [
        tenantId,
        deviceId,
      ]);
      return row?.site_id ?? null;
    },
    /** Site ids of the tenant among these. */
    async existingSites(tenantId: string, siteIds: readonly string[], q: Queryable = db): Promise<Set<string>> {
      const rows = await q.query<{ site_id: string }>(
        'SELECT site_id FROM rollout_sites WHERE tenant_id = $1 AND site_id = ANY($2::text[])',
        [tenantId, arrayLiteral(siteIds)],
      );
      return new Set(rows.map((r) => r.site_id));
    },
    /** Adds or replaces sites (set-based: an import's thousands of rows in one statement). */
    async upsertSites(tenantId: string, sites: readonly StoredSite[], by: string, q: Queryable = db): Promise<void> {
      if (sites.length === 0) return;
      await q.query(
        `INSERT INTO rollout_sites (tenant_id, site_id, name, latitude, longitude, group_id, planned_week, notes, device_id, created_by, updated_by)
         SELECT $1, r.site_id, r.name, r.latitude, r.longitude, r.group_id, r.planned_week, r.notes, r.device_id, $3, $3
           FROM json_to_recordset($2::json) AS r(site_id text, name text, latitude double precision, longitude double precision,
                                                 group_id uuid, planned_week date, notes text, device_id text)
         ON CONFLICT (tenant_id, site_id) DO UPDATE SET name = EXCLUDED.name, latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude,
           group_id = EXCLUDED.group_id, planned_week = EXCLUDED.planned_week, notes = EXCLUDED.notes, device_id = EXCLUDED.device_id,
           updated_by = EXCLUDED.updated_by, updated_at = now()`,
        [tenantId, JSON.stringify(sites), by],
      );
    },
    async insertSite(tenantId: string, site: StoredSite, by: string, q: Queryable = db): Promise<boolean> {
      const rows = await q.query(
        `INSERT INTO rollout_sites (tenant_id, site_id, name, latitude, longitude, group_id, planned_week, notes, device_id, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) ON CONFLICT (tenant_id, site_id) DO NOTHING RETURNING site_id`,
        siteParams(tenantId, site, by),
      );
      return rows.length > 0;
    },
    async updateSite(tenantId: string, site: StoredSite, by: string, q: Queryable = db): Promise<boolean> {
      const rows = await q.query(
        `UPDATE rollout_sites SET name = $3, latitude = $4, longitude = $5, group_id = $6, planned_week = $7, notes = $8, device_id = $9,
                updated_by = $10, updated_at = now()
          WHERE tenant_id = $1 AND site_id = $2 RETURNING site_id`,
        siteParams(tenantId, site, by),
      );
      return rows.length > 0;
    },
    /** Which of these devices another site of the tenant has (a device is fitted at one site). */
    async devicesAtOtherSites(tenantId: string, deviceIds: readonly string[], siteIds: readonly string[], q: Queryable = db) {
      const rows = await q.query<{ device_id: string; site_id: string }>(
        `SELECT device_id, site_id FROM rollout_sites
          WHERE tenant_id = $1 AND device_id = ANY($2::text[]) AND NOT (site_id = ANY($3::text[]))`,
        [tenantId, arrayLiteral(deviceIds), arrayLiteral(siteIds)],
      );
      return new Map(rows.map((r) => [r.device_id, r.site_id]));
    },
    async deleteSite(tenantId: string, siteId: string): Promise<boolean> {
      const rows = await db.query('DELETE FROM rollout_sites WHERE tenant_id = $1 AND site_id = $2 RETURNING site_id', [tenantId, siteId]);
      return rows.length > 0;
    },
    async abortSite(tenantId: string, siteId: string, reason: string, at: string, by: string, q: Queryable = db): Promise<boolean> {
      const rows = await q.query(
        `UPDATE rollout_sites SET abort_reason = $3, aborted_at = $4, attempts = attempts + 1, updated_by = $5, updated_at = now()
          WHERE tenant_id = $1 AND site_id = $2 AND installed_at IS NULL RETURNING site_id`,
        [tenantId, siteId, reason, at, by],
      );
      return rows.length > 0;
    },
    /** The sites of these devices not yet installed become installed at `at`: one more visit, the one that fitted it. */
    async markInstalled(tx: Queryable, tenantId: string, deviceIds: readonly string[], at: string, by: string): Promise<void> {
      await tx.query(
        `UPDATE rollout_sites SET installed_at = $3, attempts = attempts + 1, updated_by = $4, updated_at = now()
          WHERE tenant_id = $1 AND device_id = ANY($2::text[]) AND installed_at IS NULL`,
        [tenantId, arrayLiteral(deviceIds), at, by],
      );
    },

    /** A demo plan's sites with their facts (installations, aborts, visits), in one statement. */
    async insertSitesWithFacts(
      tx: Queryable,
      tenantId: string,
      sites: readonly (StoredSite & {
        attempts: number;
        installed_at: string | null;
        abort_reason: string | null;
        aborted_at: string | null;
      })[],
      by: string,
    ): Promise<void> {
      if (sites.length === 0) return;
      await tx.query(
        `INSERT INTO rollout_sites (tenant_id, site_id, name, latitude, longitude, group_id, planned_week, notes, device_id, attempts,
                                    installed_at, abort_reason, aborted_at, created_by, updated_by)
         SELECT $1, r.site_id, r.name, r.latitude, r.longitude, r.group_id, r.planned_week, r.notes, r.device_id, r.attempts,
                r.installed_at, r.abort_reason, r.aborted_at, $3, $3
           FROM json_to_recordset($2::json) AS r(site_id text, name text, latitude double precision, longitude double precision, group_id uuid,
                planned_week date, notes text, device_id text, attempts integer, installed_at timestamptz, abort_reason text, aborted_at timestamptz)
         ON CONFLICT (tenant_id, site_id) DO NOTHING`,
        [tenantId, JSON.stringify(sites), by],
      );
    },

    // -- Devices and their history -------------------------------------------------------------------------------
    devices(tenantId: string): Promise<DeviceRow[]> {
      return db.query<DeviceRow>(`${DEVICE_SELECT} ORDER BY p.device_id`, [tenantId]);
    },
    async device(tenantId: string, deviceId: string, q: Queryable = db): Promise<DeviceRow | null> {
      const [row] = await q.query<DeviceRow>(`${DEVICE_SELECT} AND p.device_id = $2`, [tenantId, deviceId]);
      return row ?? null;
    },
    /**
     * The installed-but-silent queue's devices: Inactive, or Installed, never heard and fitted (its site's
     * installation, else its status date) at or before `fittedBefore`.
     */
    silentCandidates(tenantId: string, fittedBefore: string): Promise<DeviceRow[]> {
      return db.query<DeviceRow>(
        `SELECT * FROM (${DEVICE_SELECT} AND p.device_status IN ('Inactive', 'Installed')) d WHERE ${SILENT_WHERE}`,
        [tenantId, fittedBefore],
      );
    },
    /** The same queue counted per planner group (null: a device at no site), for the totals: no rows shipped. */
    async silentCounts(tenantId: string, fittedBefore: string): Promise<Map<string | null, number>> {
      const rows = await db.query<{ group_id: string | null; n: number }>(
        `SELECT d.group_id, count(*)::int AS n FROM (
           SELECT p.device_id, p.device_status, s.group_id, s.installed_at, l.last_message_at,
                  CASE WHEN s.installed_at IS NULL THEN (SELECT max(x.at) FROM device_status_history x
                                                          WHERE x.tenant_id = p.tenant_id AND x.device_id = p.device_id) END AS status_since
             FROM power_devices p
             LEFT JOIN power_device_latest l ON l.tenant_id = p.tenant_id AND l.device_id = p.device_id
             LEFT JOIN rollout_sites s ON s.tenant_id = p.tenant_id AND s.device_id = p.device_id
            WHERE p.tenant_id = $1 AND p.device_status IN ('Inactive', 'Installed')) d
          WHERE ${SILENT_WHERE} GROUP BY d.group_id`,
        [tenantId, fittedBefore],
      );
      return new Map(rows.map((row) => [row.group_id, row.n]));
    },
    async history(tenantId: string, deviceId: string): Promise<(Omit<HistoryEntry, 'device_id' | 'at'> & { at: Date | string })[]> {
      return db.query(
        `SELECT at, from_status AS "from", to_status AS "to", event, detail, changed_by AS "by" FROM device_status_history
          WHERE tenant_id = $1 AND device_id = $2 ORDER BY at DESC, id DESC`,
        [tenantId, deviceId],
      );
    },
    async addHistory(tx: Queryable, tenantId: string, entries: readonly HistoryEntry[]): Promise<void> {
      if (entries.length === 0) return;
      await tx.query(
        `INSERT INTO device_status_history (tenant_id, device_id, at, from_status, to_status, event, detail, changed_by, created_by, updated_by)
         SELECT $1, r.device_id, r.at, r."from", r."to", r.event, r.detail, r."by", r."by", r."by"
           FROM json_to_recordset($2::json) AS r(device_id text, at timestamptz, "from" text, "to" text, event text, detail text, "by" text)`,
        [tenantId, JSON.stringify(entries)],
      );
    },
    /** Which of these devices sent a message before (the newest message kept before the batch). */
    async heardBefore(tx: Queryable, tenantId: string, deviceIds: readonly string[]): Promise<Set<string>> {
      const rows = await tx.query<{ device_id: string }>(
        'SELECT device_id FROM power_device_latest WHERE tenant_id = $1 AND device_id = ANY($2::text[])',
        [tenantId, arrayLiteral(deviceIds)],
      );
      return new Set(rows.map((r) => r.device_id));
    },
    /** The tenant's devices among these ids, with their status. */
    async deviceStatuses(tenantId: string, deviceIds: readonly string[], q: Queryable = db): Promise<Map<string, DeviceStatus>> {
      const rows = await q.query<{ device_id: string; device_status: DeviceStatus }>(
        'SELECT device_id, device_status FROM power_devices WHERE tenant_id = $1 AND device_id = ANY($2::text[])',
        [tenantId, arrayLiteral(deviceIds)],
      );
      return new Map(rows.map((r) => [r.device_id, r.device_status]));
    },
    /** Every tenant's Active devices whose newest message is older than `before` (the silence check). */
    silencedDevices(before: string): Promise<{ tenant_id: string; device_id: string; last_message_at: Date | string | null }[]> {
      return db.query(
        `SELECT p.tenant_id, p.device_id, l.last_message_at FROM power_devices p
           LEFT JOIN power_device_latest l ON l.tenant_id = p.tenant_id AND l.device_id = p.device_id
          WHERE p.device_status = 'Active' AND (l.last_message_at IS NULL OR l.last_message_at < $1::timestamptz)
          ORDER BY p.tenant_id, p.device_id`,
        [before],
      );
    },

    // -- Abort reasons -------------------------------------------------------------------------------------------
    abortReasons(tenantId: string): Promise<{ code: string; label: string }[]> {
      return db.query('SELECT code, label FROM rollout_abort_reasons WHERE tenant_id = $1 ORDER BY lower(label)', [tenantId]);
    },
    async insertAbortReason(tenantId: string, code: string, label: string, by: string): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO rollout_abort_reasons (tenant_id, code, label, created_by, updated_by) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (tenant_id, code) DO NOTHING RETURNING code`,
        [tenantId, code, label, by],
      );
      return rows.length > 0;
    },

    // -- Figures -------------------------------------------------------------------------------------------------
    async deviceCounts(tenantId: string, groupId: string | null): Promise<{ device_status: DeviceStatus; n: number }[]> {
      return db.query(
        `SELECT p.device_status, count(*)::int AS n FROM power_devices p
          WHERE p.tenant_id = $1 AND ($2::uuid IS NULL OR EXISTS (
            SELECT 1 FROM rollout_sites s WHERE s.tenant_id = p.tenant_id AND s.device_id = p.device_id AND s.group_id = $2::uuid))
          GROUP BY p.device_status`,
        [tenantId, groupId],
      );
    },
    async siteCounts(tenantId: string, groupId: string | null): Promise<{ sites: number; installed: number; aborted: number }> {
      const [row] = await db.query<{ sites: number; installed: number; aborted: number }>(
        `SELECT count(*)::int AS sites, count(*) FILTER (WHERE installed_at IS NOT NULL)::int AS installed,
                count(*) FILTER (WHERE installed_at IS NULL AND aborted_at IS NOT NULL)::int AS aborted
           FROM rollout_sites WHERE tenant_id = $1 AND ($2::uuid IS NULL OR group_id = $2::uuid)`,
        [tenantId, groupId],
      );
      return row ?? { sites: 0, installed: 0, aborted: 0 };
    },
    /** Sites planned and installed per week (Mondays in `timeZone`) and group: the burn-up's counts. */
    weekCounts(
      tenantId: string,
      timeZone: string,
      groupId: string | null,
    ): Promise<{ group_id: string | null; week: string; planned: number; installed: number }[]> {
      return db.query(
        `SELECT s.group_id, to_char(w.week, 'YYYY-MM-DD') AS week, sum(w.planned)::int AS planned, sum(w.installed)::int AS installed
           FROM rollout_sites s
          CROSS JOIN LATERAL (VALUES (s.planned_week, 1, 0), (date_trunc('week', s.installed_at AT TIME ZONE $2)::date, 0, 1))
                AS w (week, planned, installed)
          WHERE s.tenant_id = $1 AND ($3::uuid IS NULL OR s.group_id = $3::uuid) AND w.week IS NOT NULL
          GROUP BY s.group_id, w.week ORDER BY w.week`,
        [tenantId, timeZone, groupId],
      );
    },
  };
}
export type RolloutRepository = ReturnType<typeof createRolloutRepository>;
