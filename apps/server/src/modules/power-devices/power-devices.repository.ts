import type { CreatePowerDevice, PowerDevice, UpdatePowerDevice } from '@gridlens/contract/power-devices';
import { availableParallelism } from 'node:os';
import type { ComparedRollupDays } from '@gridlens/domain/time-range';
import type { Database, Queryable } from '../../db/database';

/** The registry columns as the contract names them; `alias` qualifies them inside joins. */
const REGISTRY_COLUMNS = [
  'device_id',
  'monitor_type',
  'transformer_name',
  'transformer_number',
  'rating_kva',
  'asset_id',
  'device_status',
  'device_voltage_v',
  'connected_mprns',
  'commuter_area',
  'latitude',
  'longitude',
  'device_type',
  'connection_type',
  'power_quality_enabled',
] as const;
const deviceColumns = (alias = 'power_devices') =>
  REGISTRY_COLUMNS.map((c) => `${alias}.${c}`)
    .concat(`to_char(${alias}.installation_date, 'YYYY-MM-DD') AS installation_date`)
    .join(', ');

/** The columns of listWithPeriod's rows, in one place for the columnar JSON it builds (see there). */
const PERIOD_ROW_COLUMNS = [
  ...REGISTRY_COLUMNS,
  'installation_date',
  'watchlisted',
  'last_message_ms',
  'latest_med_a1',
  'latest_med_a2',
  'latest_med_a3',
  'latest_battery_pct',
  'message_count',
  'missed_messages',
  'max_a1',
  'max_a2',
  'max_a3',
  'med_sum_a1',
  'med_sum_a2',
  'med_sum_a3',
  'apparent_max_kva',
  'apparent_med_sum_kva',
  'imbalance_max_percent',
  'temperature_max_c',
  'temperature_min_c',
  'temperature_med_sum_c',
  'temperature_count',
  'temperature_sense_errors',
  'battery_min_pct',
  'previous_message_count',
  'previous_apparent_med_sum_kva',
] as const satisfies readonly (keyof DevicePeriodRow)[];

type PeriodColumns = { [K in keyof DevicePeriodRow]: DevicePeriodRow[K][] };

/**
 * Row i of listWithPeriod's columnar answer. Spelled out field by field on purpose: an object literal
 * gets one fixed shape, whereas objects filled key by key in a loop fell into dictionary mode and made
 * building and then reading 10,000 of them cost 40 ms more.
 */
function periodRowAt(c: PeriodColumns, i: number): DevicePeriodRow {
  return {
    device_id: c.device_id[i] as string,
    monitor_type: c.monitor_type[i] as string,
    transformer_name: c.transformer_name[i] as string,
    transformer_number: c.transformer_number[i] ?? null,
    rating_kva: c.rating_kva[i] as number,
    asset_id: c.asset_id[i] ?? null,
    device_status: c.device_status[i] as DevicePeriodRow['device_status'],
    device_voltage_v: c.device_voltage_v[i] ?? null,
    connected_mprns: c.connected_mprns[i] as number,
    commuter_area: c.commuter_area[i] as boolean,
    latitude: c.latitude[i] ?? null,
    longitude: c.longitude[i] ?? null,
    device_type: c.device_type[i] ?? null,
    connection_type: c.connection_type[i] ?? null,
    power_quality_enabled: c.power_quality_enabled[i] as boolean,
    installation_date: c.installation_date[i] ?? null,
    watchlisted: c.watchlisted[i] as boolean,
    last_message_ms: c.last_message_ms[i] ?? null,
    latest_med_a1: c.latest_med_a1[i] ?? null,
    latest_med_a2: c.latest_med_a2[i] ?? null,
    latest_med_a3: c.latest_med_a3[i] ?? null,
    latest_battery_pct: c.latest_battery_pct[i] ?? null,
    message_count: c.message_count[i] as number,
    missed_messages: c.missed_messages[i] as number,
    max_a1: c.max_a1[i] ?? null,
    max_a2: c.max_a2[i] ?? null,
    max_a3: c.max_a3[i] ?? null,
    med_sum_a1: c.med_sum_a1[i] ?? null,
    med_sum_a2: c.med_sum_a2[i] ?? null,
    med_sum_a3: c.med_sum_a3[i] ?? null,
    apparent_max_kva: c.apparent_max_kva[i] ?? null,
    apparent_med_sum_kva: c.apparent_med_sum_kva[i] ?? null,
    imbalance_max_percent: c.imbalance_max_percent[i] ?? null,
    temperature_max_c: c.temperature_max_c[i] ?? null,
    temperature_min_c: c.temperature_min_c[i] ?? null,
    temperature_med_sum_c: c.temperature_med_sum_c[i] ?? null,
    temperature_count: c.temperature_count[i] as number,
    temperature_sense_errors: c.temperature_sense_errors[i] as number,
    battery_min_pct: c.battery_min_pct[i] ?? null,
    previous_message_count: c.previous_message_count[i] as number,
    previous_apparent_med_sum_kva: c.previous_apparent_med_sum_kva[i] ?? null,
  };
}

/** Editable columns, in one place so that create and update cannot drift apart. */
const EDITABLE = [
  'monitor_type',
  'transformer_name',
  'transformer_number',
  'rating_kva',
  'asset_id',
  'device_status',
  'device_voltage_v',
  'installation_date',
  'connected_mprns',
  'commuter_area',
  'latitude',
  'longitude',
  'device_type',
  'connection_type',
  'power_quality_enabled',
] as const satisfies readonly (keyof UpdatePowerDevice)[];

/**
 * The rollup figures of one device over a period (and the equally long period before it, for power
 * change). Scalars only, times as epoch ms: array and timestamp parsing dominated this 10,000-row read.
 */
export interface DevicePeriodRow extends PowerDevice {
  watchlisted: boolean;
  last_message_ms: number | null;
  latest_med_a1: number | null;
  latest_med_a2: number | null;
  latest_med_a3: number | null;
  latest_battery_pct: number | null;
  message_count: number;
  missed_messages: number;
  max_a1: number | null;
  max_a2: number | null;
  max_a3: number | null;
  med_sum_a1: number | null;
  med_sum_a2: number | null;
  med_sum_a3: number | null;
  apparent_max_kva: number | null;
  apparent_med_sum_kva: number | null;
  imbalance_max_percent: number | null;
  temperature_max_c: number | null;
  temperature_min_c: number | null;
  temperature_med_sum_c: number | null;
  temperature_count: number;
  temperature_sense_errors: number;
  battery_min_pct: number | null;
  previous_message_count: number;
  previous_apparent_med_sum_kva: number | null;
}

/**
 * The assets-list query, for one part of the devices when `parts` > 1 ($6 parts, this is part $7).
 * One columnar JSON value ({ column: [values…] }): both drivers parse it with a single JSON.parse instead of
 * building 10,000 row objects, and the database writes each key once instead of json_agg's once per row
 * (json_agg of the rows took half of this query's time). All the array_aggs read the same rows in the same
 * order, so the arrays line up; that order is the CTE's.
 */
function periodListSql(parts: number): string {
  const partOf = (column: string) => (parts > 1 ? ` AND (hashtext(${column}) & 2147483647) % $6 = $7` : '');
  return `WITH period AS (
         SELECT device_id,
                sum(message_count) FILTER (WHERE day >= $3::date) AS message_count,
                sum(max_seq - min_seq + 1 - message_count) FILTER (WHERE day >= $3::date) AS missed_messages,
                max(current_max_a[1]) FILTER (WHERE day >= $3::date) AS max_a1,
                max(current_max_a[2]) FILTER (WHERE day >= $3::date) AS max_a2,
                max(current_max_a[3]) FILTER (WHERE day >= $3::date) AS max_a3,
                sum(current_med_sum_a[1]) FILTER (WHERE day >= $3::date) AS med_sum_a1,
                sum(current_med_sum_a[2]) FILTER (WHERE day >= $3::date) AS med_sum_a2,
                sum(current_med_sum_a[3]) FILTER (WHERE day >= $3::date) AS med_sum_a3,
                max(apparent_max_kva) FILTER (WHERE day >= $3::date) AS apparent_max_kva,
                sum(apparent_med_sum_kva) FILTER (WHERE day >= $3::date) AS apparent_med_sum_kva,
                max(imbalance_max_percent) FILTER (WHERE day >= $3::date) AS imbalance_max_percent,
                max(temperature_max_c) FILTER (WHERE day >= $3::date) AS temperature_max_c,
                min(temperature_min_c) FILTER (WHERE day >= $3::date) AS temperature_min_c,
                sum(temperature_med_sum_c) FILTER (WHERE day >= $3::date) AS temperature_med_sum_c,
                sum(temperature_count) FILTER (WHERE day >= $3::date) AS temperature_count,
                sum(temperature_sense_errors) FILTER (WHERE day >= $3::date) AS temperature_sense_errors,
                min(battery_min_pct) FILTER (WHERE day >= $3::date) AS battery_min_pct,
                sum(message_count) FILTER (WHERE day < $3::date) AS previous_message_count,
                sum(apparent_med_sum_kva) FILTER (WHERE day < $3::date) AS previous_apparent_med_sum_kva
           FROM power_device_daily
          WHERE tenant_id = $1 AND day >= $4::date AND day <= $5::date${partOf('device_id')}
          GROUP BY device_id)
       , listed AS (
       SELECT ${deviceColumns('d')},
              (w.device_id IS NOT NULL) AS watchlisted,
              date_part('epoch', l.last_message_at) * 1000 AS last_message_ms, -- date_part: float8 arithmetic, where extract's numeric was slower
              l.current_med_a[1] AS latest_med_a1, l.current_med_a[2] AS latest_med_a2, l.current_med_a[3] AS latest_med_a3,
              l.battery_pct AS latest_battery_pct,
              coalesce(p.message_count, 0)::int AS message_count, coalesce(p.missed_messages, 0)::int AS missed_messages,
              p.max_a1, p.max_a2, p.max_a3, p.med_sum_a1, p.med_sum_a2, p.med_sum_a3, p.apparent_max_kva, p.apparent_med_sum_kva, p.imbalance_max_percent,
              p.temperature_max_c, p.temperature_min_c, p.temperature_med_sum_c, coalesce(p.temperature_count, 0)::int AS temperature_count,
              coalesce(p.temperature_sense_errors, 0)::int AS temperature_sense_errors, p.battery_min_pct,
              coalesce(p.previous_message_count, 0)::int AS previous_message_count, p.previous_apparent_med_sum_kva
         FROM power_devices d
         LEFT JOIN power_device_latest l ON l.tenant_id = d.tenant_id AND l.device_id = d.device_id
         LEFT JOIN period p ON p.device_id = d.device_id
         LEFT JOIN device_watchlist w ON w.tenant_id = d.tenant_id AND w.device_id = d.device_id AND w.user_id = $2
        WHERE d.tenant_id = $1${partOf('d.device_id')}
        ORDER BY d.device_id COLLATE "C")
       SELECT json_build_object(${PERIOD_ROW_COLUMNS.map((c) => `'${c}', coalesce(array_agg(${c}), '{}')`).join(', ')})::text AS columns
         FROM listed`;
}

/** Two lists sorted by device id (byte order, as ORDER BY … COLLATE "C"; device ids are ASCII) as one. */
function mergeByDeviceId(a: DevicePeriodRow[], b: DevicePeriodRow[]): DevicePeriodRow[] {
  if (b.length === 0) return a;
  const merged = new Array<DevicePeriodRow>(a.length + b.length);
  let i = 0;
  let j = 0;
  for (let k = 0; k < merged.length; k += 1)
    merged[k] =
      j >= b.length || (i < a.length && (a[i] as DevicePeriodRow).device_id < (b[j] as DevicePeriodRow).device_id)
        ? (a[i++] as DevicePeriodRow)
        : (b[j++] as DevicePeriodRow);
  return merged;
}

/**
 * How many parts the assets-list query is split into: one per core on PostgreSQL (at most 4), one on PGlite,
 * whose single connection would only queue them.
 */
export const listQueryParts = (db: Database): number => (db.kind === 'postgres' ? Math.min(4, availableParallelism()) : 1);

export function createPowerDevicesRepository(db: Queryable, { listParts = 1 }: { listParts?: number } = {}) {
  return {
    async insert(tenantId: string, device: CreatePowerDevice): Promise<PowerDevice | null> {
      const columns = ['device_id', ...EDITABLE.filter((c) => device[c] !== undefined)];
      const values = columns.map((c) => device[c as keyof CreatePowerDevice]);
      const rows = await db.query<PowerDevice>(
        `INSERT INTO power_devices (tenant_id, ${columns.join(', ')}) VALUES ($1, ${columns.map((_c, i) => `$${i + 2}`).join(', ')})
         ON CONFLICT (tenant_id, device_id) DO NOTHING RETURNING ${deviceColumns()}`,
        [tenantId, ...values],
      );
      return rows[0] ?? null;
    },

    async update(tenantId: string, deviceId: string, changes: UpdatePowerDevice): Promise<PowerDevice | null> {
      const columns = EDITABLE.filter((c) => changes[c] !== undefined);
      const sets = columns.map((c, i) => `${c} = $${i + 3}`);
      const rows = await db.query<PowerDevice>(
        `UPDATE power_devices SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE tenant_id = $1 AND device_id = $2 RETURNING ${deviceColumns()}`,
        [tenantId, deviceId, ...columns.map((c) => changes[c])],
      );
      return rows[0] ?? null;
    },

    async find(tenantId: string, deviceId: string): Promise<PowerDevice | null> {
      const rows = await db.query<PowerDevice>(`SELECT ${deviceColumns()} FROM power_devices WHERE tenant_id = $1 AND device_id = $2`, [
        tenantId,
        deviceId,
      ]);
      return rows[0] ?? null;
    },

    /**
     * Every device of the tenant with its rollups from `fromDay` to `toDay`, and the period of equal length
     * before it. Reads only the registry, latest-state and daily rollup tables: never the raw messages. With
     * `listParts` > 1 the devices are split by a hash of their id into that many queries run at once, each on
     * its own connection, so that PostgreSQL uses more than one core; the parts are merged back in order.
     */
    async listWithPeriod(tenantId: string, userId: string, days: ComparedRollupDays): Promise<DevicePeriodRow[]> {
      const params = [tenantId, userId, days.fromDay, days.previousFromDay, days.toDay];
      const readPart = async (part: number) => {
        const [result] = await db.query<{ columns: string }>(
          periodListSql(listParts),
          listParts > 1 ? [...params, listParts, part] : params,
        );
        if (!result) return [];
        // Parsed as soon as it arrives, while the database may still be computing the other parts.
        const columns = JSON.parse(result.columns) as PeriodColumns;
        return Array.from({ length: columns.device_id.length }, (_unused, i) => periodRowAt(columns, i));
      };
      const rowsOfParts = await Promise.all(Array.from({ length: listParts }, (_unused, part) => readPart(part)));
      return rowsOfParts.reduce(mergeByDeviceId);
    },

    async fleetSize(tenantId: string): Promise<{ device_count: number; total_rating_kva: number }> {
      const [row] = await db.query<{ device_count: number; total_rating_kva: number }>(
        'SELECT count(*)::int AS device_count, coalesce(sum(rating_kva), 0)::float8 AS total_rating_kva FROM power_devices WHERE tenant_id = $1',
        [tenantId],
      );
      return row ?? { device_count: 0, total_rating_kva: 0 };
    },

    async newestReadingAt(tenantId: string): Promise<Date | null> {
      const rows = await db.query<{ newest: Date | null }>(
        'SELECT max(last_message_at) AS newest FROM power_device_latest WHERE tenant_id = $1',
        [tenantId],
      );
      return rows[0]?.newest ?? null;
    },

    watchlist(tenantId: string, userId: string): Promise<{ device_id: string; added_at: Date }[]> {
      return db.query('SELECT device_id, added_at FROM device_watchlist WHERE tenant_id = $1 AND user_id = $2 ORDER BY added_at', [
        tenantId,
        userId,
      ]);
    },
    async addToWatchlist(tenantId: string, userId: string, deviceId: string): Promise<void> {
      await db.query('INSERT INTO device_watchlist (tenant_id, user_id, device_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        tenantId,
        userId,
        deviceId,
      ]);
    },
    async removeFromWatchlist(tenantId: string, userId: string, deviceId: string): Promise<boolean> {
      const rows = await db.query(
        'DELETE FROM device_watchlist WHERE tenant_id = $1 AND user_id = $2 AND device_id = $3 RETURNING device_id',
        [tenantId, userId, deviceId],
      );
      return rows.length > 0;
    },
  };
}
export type PowerDevicesRepository = ReturnType<typeof createPowerDevicesRepository>;
