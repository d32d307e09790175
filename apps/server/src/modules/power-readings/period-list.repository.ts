import type { ComparedRollupDays } from '@gridlens/domain/time-range';
import { arrayLiteral } from '../../db/array-literal';
import type { Queryable } from '../../db/database';
import { parseTextArray } from '../../db/text-array';
import { dailyWithMissed } from './daily-with-missed';
import {
  FIGURE_NAMES,
  FIGURE_READERS,
  figuresAt,
  REGISTRY_COLUMNS,
  type FigureColumns,
  type PeriodTable,
  type RegistryColumns,
} from './period-table';

/**
 * The assets list's read: every device of a tenant with its rollup figures over a period. It is the
 * heaviest read of the portal (10,000 devices × 41 columns), so it is split in two:
 *
 * - the **registry** (names, ratings, places: what operators edit by hand) is kept in memory per tenant
 *   and reloaded only when the tenant's `power_registry_version` (raised by triggers, migration 0007) moved;
 * - the **figures** (rollups, latest state, watchlist) are read on every call, as one PostgreSQL array per
 *   column (`array_agg(x)::text`), split by a hash of the device id into `parts` queries run at once.
 *
 * Every read checks the version it saw against the registry it uses, so a list never pairs figures with a
 * registry from another moment, in this process or across many.
 */

/** The registry columns as the contract names them (installation_date is formatted as a day). */

/** The tenant's registry in device-id byte order, with the version it was read at, in one statement. */
const REGISTRY_SQL = `SELECT t.power_registry_version::float8 AS version,
       (SELECT json_build_object(${REGISTRY_COLUMNS.map((c) => `'${c}', coalesce(array_agg(${c}), '{}')`).join(', ')},
                                 'installation_date', coalesce(array_agg(installation_date), '{}'))::text
          FROM (SELECT ${REGISTRY_COLUMNS.join(', ')}, to_char(installation_date, 'YYYY-MM-DD') AS installation_date
                  FROM power_devices WHERE tenant_id = $1 ORDER BY device_id COLLATE "C") AS registry) AS columns
  FROM tenants t WHERE t.id = $1`;

/**
 * Devices are split into parts by twelve hash buckets of their id (twelve divides evenly into 1, 2, 3 and 4
 * parts). Migration 0011 keeps statistics on this very expression, so that the planner knows a part's size.
 */
const LIST_BUCKETS = 12;
const listBucket = (column: string) => `((hashtext(${column}) & 2147483647) % ${LIST_BUCKETS})`;
/** The buckets of each part: bucket b belongs to part b mod parts. */
const bucketsOfPart = (parts: number, part: number) =>
  Array.from({ length: LIST_BUCKETS }, (_unused, bucket) => bucket).filter((bucket) => bucket % parts === part);

/**
 * What one figures statement reads: a part of the devices (those in hash buckets $6), one device ($6), or
 * every device over several periods at once (`periods`: $3, $4 and $5 are arrays of the periods' days, and
 * the statement answers a row per period, in their order).
 */
type FiguresShape = { parts: number } | { oneDevice: true } | { periods: true };

/**
 * One part of the figures (the devices in buckets $6), or with `oneDevice` the figures of device $6 only.
 * Every array_agg reads the same rows in the same order, so the arrays line up with `device_id`; rows are
 * placed by that id, so no ORDER BY is needed. The registry version is read in the same statement, hence the
 * same snapshot, as the figures.
 */
function figuresSql(shape: FiguresShape): string {
  const periods = 'periods' in shape;
  const partOf = (column: string) =>
    'oneDevice' in shape ? ` AND ${column} = $6` : 'parts' in shape && shape.parts > 1 ? ` AND ${listBucket(column)} = ANY($6::int[])` : '';
  // Over several periods, each rollup row is read once for every period whose days (with the period before) hold it.
  const fromDay = periods ? 'b.from_day' : '$3::date';
  const current = (aggregate: string) => `${aggregate} FILTER (WHERE day >= ${fromDay})`;
  const perPeriod = periods
    ? `periods AS (SELECT * FROM unnest($3::date[], $4::date[], $5::date[]) WITH ORDINALITY AS b(from_day, previous_from_day, to_day, period))
       , `
    : '';
  // Without a device a period's row still comes (empty arrays): the FILTER keeps the outer join's empty row out.
  const aggregate = (column: string) =>
    periods
      ? `coalesce(array_agg(${column}) FILTER (WHERE l.device_id IS NOT NULL), '{}')::text`
      : `coalesce(array_agg(${column}), '{}')::text`;
  return `WITH ${perPeriod}period AS (
         SELECT ${periods ? 'b.period, ' : ''}device_id,
                ${current('sum(message_count)')} AS message_count,
                ${current('sum(missed_messages)')} AS missed_messages,
                ${current('max(current_max_a[1])')} AS max_a1,
                ${current('max(current_max_a[2])')} AS max_a2,
                ${current('max(current_max_a[3])')} AS max_a3,
                ${current('sum(current_med_sum_a[1])')} AS med_sum_a1,
                ${current('sum(current_med_sum_a[2])')} AS med_sum_a2,
                ${current('sum(current_med_sum_a[3])')} AS med_sum_a3,
                ${current('max(apparent_max_kva)')} AS apparent_max_kva,
                ${current('sum(apparent_med_sum_kva)')} AS apparent_med_sum_kva,
                ${current('max(imbalance_max_percent)')} AS imbalance_max_percent,
                ${current('max(temperature_max_c)')} AS temperature_max_c,
                ${current('min(temperature_min_c)')} AS temperature_min_c,
                ${current('sum(temperature_med_sum_c)')} AS temperature_med_sum_c,
                ${current('sum(temperature_count)')} AS temperature_count,
                ${current('sum(temperature_sense_errors)')} AS temperature_sense_errors,
                ${current('min(battery_min_pct)')} AS battery_min_pct,
                sum(message_count) FILTER (WHERE day < ${fromDay}) AS previous_message_count,
                sum(apparent_med_sum_kva) FILTER (WHERE day < ${fromDay}) AS previous_apparent_med_sum_kva
           FROM ${
             periods
               ? `periods b JOIN ${dailyWithMissed('(SELECT min(previous_from_day) FROM periods)', '(SELECT max(to_day) FROM periods)')} r
                   ON r.day >= b.previous_from_day AND r.day <= b.to_day`
               : `${dailyWithMissed('$4::date', '$5::date', partOf('r.device_id'))} AS r`
           }
          GROUP BY ${periods ? 'b.period, ' : ''}device_id)
       , listed AS (
       SELECT ${periods ? 'b.period, ' : ''}d.device_id,
              (w.device_id IS NOT NULL) AS watchlisted,
              date_part('epoch', l.last_message_at) * 1000 AS last_message_ms, -- date_part: float8 arithmetic, where extract's numeric was slower
              l.current_med_a[1] AS latest_med_a1, l.current_med_a[2] AS latest_med_a2, l.current_med_a[3] AS latest_med_a3,
              l.battery_pct AS latest_battery_pct,
              coalesce(p.message_count, 0) AS message_count, coalesce(p.missed_messages, 0) AS missed_messages,
              p.max_a1, p.max_a2, p.max_a3, p.med_sum_a1, p.med_sum_a2, p.med_sum_a3, p.apparent_max_kva, p.apparent_med_sum_kva, p.imbalance_max_percent,
              p.temperature_max_c, p.temperature_min_c, p.temperature_med_sum_c, coalesce(p.temperature_count, 0) AS temperature_count,
              coalesce(p.temperature_sense_errors, 0) AS temperature_sense_errors, p.battery_min_pct,
              coalesce(p.previous_message_count, 0) AS previous_message_count, p.previous_apparent_med_sum_kva
         FROM ${periods ? 'periods b CROSS JOIN ' : ''}power_devices d
         LEFT JOIN power_device_latest l ON l.tenant_id = d.tenant_id AND l.device_id = d.device_id
         LEFT JOIN period p ON p.device_id = d.device_id${periods ? ' AND p.period = b.period' : ''}
         LEFT JOIN device_watchlist w ON w.tenant_id = d.tenant_id AND w.device_id = d.device_id AND w.user_id = $2
        WHERE d.tenant_id = $1${partOf('d.device_id')})
       SELECT (SELECT power_registry_version FROM tenants WHERE id = $1)::float8 AS registry_version,
              ${aggregate(periods ? 'l.device_id' : 'device_id')} AS device_id,
              ${FIGURE_NAMES.map((c) => `${aggregate(periods ? `l.${c}` : c)} AS ${c}`).join(',\n              ')}
         FROM ${periods ? 'periods b LEFT JOIN listed l ON l.period = b.period GROUP BY b.period ORDER BY b.period' : 'listed'}`;
}

interface Registry {
  version: number;
  columns: RegistryColumns;
  /** Position of each device id in the columns. */
  indexOf: Map<string, number>;
}
interface FiguresPart {
  version: number | null;
  deviceIds: string[];
  columns: FigureColumns;
}
/** The parts' rows in registry order, or null when they do not cover the registry exactly (it changed meanwhile). */
function placeRows(registry: Registry, parts: FiguresPart[]): PeriodTable | null {
  const count = registry.columns.device_id.length;
  const partOf = new Int32Array(count).fill(-1);
  const indexInPart = new Int32Array(count);
  let placed = 0;
  parts.forEach((part, p) => {
    for (let i = 0; i < part.deviceIds.length; i += 1) {
      const r = registry.indexOf.get(part.deviceIds[i] as string);
      if (r === undefined || partOf[r] !== -1) return;
      partOf[r] = p;
      indexInPart[r] = i;
      placed += 1;
    }
  });
  if (placed !== count) return null;
  return {
    count,
    registry: registry.columns,
    figuresAt: (r) => figuresAt((parts[partOf[r] as number] as FiguresPart).columns, indexInPart[r] as number),
  };
}

/** The list of a tenant that does not exist: no rows. */
const NO_TENANT: PeriodTable = {
  count: 0,
  registry: Object.fromEntries([...REGISTRY_COLUMNS, 'installation_date'].map((c) => [c, Object.freeze([])])) as unknown as RegistryColumns,
  figuresAt: () => {
    throw new RangeError('no rows');
  },
};

/**
 * Fleets smaller than this are read in one statement whatever `parts` says: for a few hundred devices each
 * part's fixed cost (a statement, a plan, an answer to parse) outweighs what running them at once saves, and
 * under many users the extra statements only queue for the pool's connections.
 */
const SPLIT_FROM_DEVICES = 2_000;

/** How many tenants' registries one process keeps (a 10,000-device registry takes a few MB). */
const REGISTRIES_KEPT = 32;
/** Reads in a row that may find the registry changed under them before the list gives up. */
const ATTEMPTS = 3;

export function createPeriodListReader(db: Queryable, parts: number) {
  const registries = new Map<string, Registry>();
  /** Loads under way: lists that find the same registry stale at once wait for one load, not one each. */
  const loading = new Map<string, Promise<Registry | null>>();
  const sql = figuresSql({ parts });
  const wholeSql = figuresSql({ parts: 1 });
  const oneDeviceSql = figuresSql({ oneDevice: true });
  const periodsSql = figuresSql({ periods: true });
  /** Each part's buckets as the statement's last parameter, made once: the parts never change. */
  const partBuckets = Array.from({ length: parts }, (_unused, part) => arrayLiteral(bucketsOfPart(parts, part)));

  async function readRegistry(tenantId: string): Promise<Registry | null> {
    const [row] = await db.query<{ version: number; columns: string }>(REGISTRY_SQL, [tenantId]);
    if (!row) return null;
    const columns = JSON.parse(row.columns) as RegistryColumns;
    // Frozen: answers hand these very arrays out (and memoise their JSON), so nothing may change them.
    for (const values of Object.values(columns)) Object.freeze(values);
    const registry = { version: row.version, columns, indexOf: new Map(columns.device_id.map((id, r) => [id, r])) };
    registries.delete(tenantId); // re-inserted last: the map's order is least recently loaded first
    registries.set(tenantId, registry);
    if (registries.size > REGISTRIES_KEPT) registries.delete(registries.keys().next().value as string);
    return registry;
  }
  function loadRegistry(tenantId: string): Promise<Registry | null> {
    let load = loading.get(tenantId);
    if (!load) {
      load = readRegistry(tenantId).finally(() => loading.delete(tenantId));
      loading.set(tenantId, load);
    }
    return load;
  }

  type FiguresRow = Record<string, string> & { registry_version: number | null };
  async function readFigures(statement: string, params: unknown[]): Promise<FiguresPart> {
    const [row] = await db.query<FiguresRow>(statement, params);
    if (!row) throw new Error('the assets-list query returned no row');
    return figuresOfRow(row);
  }
  function figuresOfRow(row: FiguresRow): FiguresPart {
    // Parsed as soon as it arrives, while the database may still be computing the other parts. Built by
    // Object.fromEntries, not key by key: 25 keys stored one at a time in a loop turned the object into a
    // dictionary, and figuresAt's 25 reads per device into hash look-ups (6 ms of every list).
    const columns = Object.fromEntries(FIGURE_NAMES.map((name) => [name, FIGURE_READERS[name](row[name] as string)])) as FigureColumns;
    return { version: row.registry_version, deviceIds: parseTextArray(row['device_id'] as string) as string[], columns };
  }

  /** The tenant's registry at `version`, from memory or loaded; undefined when it moved on meanwhile. */
  async function registryAt(tenantId: string, version: number): Promise<Registry | undefined> {
    let registry = registries.get(tenantId);
    if (registry?.version !== version) registry = (await loadRegistry(tenantId)) ?? undefined;
    return registry?.version === version ? registry : undefined;
  }
  const changingRegistry = (tenantId: string) =>
    new Error(`the device registry of tenant ${tenantId} kept changing while its assets list was read`);

  return {
    /** Every device of the tenant with its figures over the days, in device-id byte order. */
    async list(tenantId: string, userId: string, days: ComparedRollupDays): Promise<PeriodTable> {
      const params = [tenantId, userId, days.fromDay, days.previousFromDay, days.toDay];
      for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
        // The fleet's size as last seen (a registry kept in memory); unknown, it is read in parts.
        const known = registries.get(tenantId)?.columns.device_id.length;
        const split = known === undefined || known >= SPLIT_FROM_DEVICES ? parts : 1;
        const figures = await Promise.all(
          Array.from({ length: split }, (_unused, part) =>
            split > 1 ? readFigures(sql, [...params, partBuckets[part]]) : readFigures(wholeSql, params),
          ),
        );
        const version = (figures[0] as FiguresPart).version;
        if (version === null) return NO_TENANT;
        if (figures.some((part) => part.version !== version)) continue; // the registry changed between the parts
        const registry = await registryAt(tenantId, version);
        if (!registry) continue; // and again before it was reloaded
        const table = placeRows(registry, figures);
        if (table) return table;
      }
      throw changingRegistry(tenantId);
    },

    /**
     * What `list` gives for each of several periods, in one statement (the issues timeline's buckets): the
     * database reads the rollups once for them all, and the answers share one snapshot and registry.
     */
    async listEach(tenantId: string, userId: string, days: readonly ComparedRollupDays[]): Promise<PeriodTable[]> {
      if (days.length === 0) return [];
      const dayArray = (pick: (d: ComparedRollupDays) => string) => arrayLiteral(days.map(pick));
      const params = [tenantId, userId, dayArray((d) => d.fromDay), dayArray((d) => d.previousFromDay), dayArray((d) => d.toDay)];
      for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
        const rows = await db.query<FiguresRow>(periodsSql, params);
        const version = rows[0]?.registry_version ?? null;
        if (version === null) return days.map(() => NO_TENANT);
        const registry = await registryAt(tenantId, version);
        if (!registry) continue; // the registry changed before it was reloaded
        const tables = rows.map((row) => placeRows(registry, [figuresOfRow(row)]));
        if (tables.every((table) => table !== null)) return tables;
      }
      throw changingRegistry(tenantId);
    },

    /** One device of the tenant with its figures over the days (a one-row table), or null when it has no such device. */
    async device(tenantId: string, userId: string, deviceId: string, days: ComparedRollupDays): Promise<PeriodTable | null> {
      const params = [tenantId, userId, days.fromDay, days.previousFromDay, days.toDay, deviceId];
      for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
        const figures = await readFigures(oneDeviceSql, params);
        if (figures.version === null || figures.deviceIds.length === 0) return null;
        const registry = await registryAt(tenantId, figures.version);
        const r = registry?.indexOf.get(deviceId);
        if (!registry || r === undefined) continue;
        const columns = Object.fromEntries(Object.entries(registry.columns).map(([field, values]) => [field, [values[r]]]));
        return { count: 1, registry: columns as RegistryColumns, figuresAt: () => figuresAt(figures.columns, 0) };
      }
      throw changingRegistry(tenantId);
    },
  };
}
