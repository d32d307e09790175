import type { CreatePowerDevice, PowerDevice, UpdatePowerDevice } from '@gridlens/contract/assets';
import type { DeviceStatus } from '@gridlens/domain/power/enumerations';
import { arrayLiteral } from '../../db/array-literal';
import type { Queryable } from '../../db/database';
import { REGISTRY_COLUMNS, type PlanningDevice } from './assets.public';

const DEVICE_COLUMNS = [...REGISTRY_COLUMNS, "to_char(installation_date, 'YYYY-MM-DD') AS installation_date"].join(', ');

/** Editable columns: the registry's but the id, in one place so that create and update cannot drift apart. */
const EDITABLE = [
  ...REGISTRY_COLUMNS.filter((c): c is Exclude<typeof c, 'device_id'> => c !== 'device_id'),
  'installation_date' as const,
] satisfies readonly (keyof UpdatePowerDevice)[];

export function createAssetsRepository(db: Queryable) {
  /** The tenant's power registry version (raised by triggers on every device change, migration 0007). */
  const registryVersion = async (tenantId: string): Promise<string> => {
    const rows = await db.query<{ version: string }>('SELECT power_registry_version::text AS version FROM tenants WHERE id = $1', [
      tenantId,
    ]);
    return rows[0]?.version ?? '0';
  };
  return {
    /**
     * Gives these devices `status`, leaving those that have it already; answers each device changed with the status it
     * had (the rollout's history). Set-based, in the caller's transaction: the ingest hook runs it once per batch, and
     * when every device of the batch is Active already it matches no row. `onlyFrom`: only devices in that status change.
     */
    setDeviceStatus(
      tx: Queryable,
      tenantId: string,
      deviceIds: readonly string[],
      status: DeviceStatus,
      onlyFrom: DeviceStatus | null = null,
    ): Promise<{ device_id: string; from_status: DeviceStatus }[]> {
      return tx.query(
        `UPDATE power_devices d SET device_status = $3, updated_at = now()
           FROM power_devices o
          WHERE d.tenant_id = $1 AND d.device_id = ANY($2::text[]) AND d.device_status <> $3 AND ($4::text IS NULL OR d.device_status = $4)
            AND o.tenant_id = d.tenant_id AND o.device_id = d.device_id
          RETURNING d.device_id, o.device_status AS from_status`,
        [tenantId, arrayLiteral([...new Set(deviceIds)]), status, onlyFrom],
      );
    },

    /**
     * The batch's device ids the tenant has registered, with their integer keys (power_readings' device column).
     * Takes the ingest transaction, which reads it once per batch on the hot path.
     */
    async registeredDevices(tx: Queryable, tenantId: string, deviceIds: readonly string[]): Promise<Map<string, number>> {
      const rows = await tx.query<{ device_id: string; device_key: number }>(
        'SELECT device_id, device_key FROM power_devices WHERE tenant_id = $1 AND device_id = ANY($2::text[])',
        [tenantId, arrayLiteral([...new Set(deviceIds)])],
      );
      return new Map(rows.map((r) => [r.device_id, r.device_key]));
    },

    /** The mount type of these devices, for rules limited to one. */
    deviceTypes(
      tx: Queryable,
      tenantId: string,
      deviceIds: readonly string[],
    ): Promise<{ device_id: string; device_type: string | null }[]> {
      return tx.query(`SELECT device_id, device_type FROM power_devices WHERE tenant_id = $1 AND device_id = ANY($2::text[])`, [
        tenantId,
        arrayLiteral(deviceIds),
      ]);
    },

    async exists(tenantId: string, deviceId: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM power_devices WHERE tenant_id = $1 AND device_id = $2', [tenantId, deviceId]);
      return rows.length > 0;
    },

    async insert(tenantId: string, device: CreatePowerDevice, q: Queryable = db): Promise<PowerDevice | null> {
      const columns = ['device_id', ...EDITABLE.filter((c) => device[c] !== undefined)];
      const values = columns.map((c) => device[c as keyof CreatePowerDevice]);
      const rows = await q.query<PowerDevice>(
        `INSERT INTO power_devices (tenant_id, ${columns.join(', ')}) VALUES ($1, ${columns.map((_c, i) => `$${i + 2}`).join(', ')})
         ON CONFLICT (tenant_id, device_id) DO NOTHING RETURNING ${DEVICE_COLUMNS}`,
        [tenantId, ...values],
      );
      return rows[0] ?? null;
    },

    /** A device's status, its row locked until the caller's transaction ends (an edit that may change it). */
    async lockStatus(tx: Queryable, tenantId: string, deviceId: string): Promise<DeviceStatus | null> {
      const rows = await tx.query<{ device_status: DeviceStatus }>(
        'SELECT device_status FROM power_devices WHERE tenant_id = $1 AND device_id = $2 FOR UPDATE',
        [tenantId, deviceId],
      );
      return rows[0]?.device_status ?? null;
    },

    async update(tenantId: string, deviceId: string, changes: UpdatePowerDevice, q: Queryable = db): Promise<PowerDevice | null> {
      const columns = EDITABLE.filter((c) => changes[c] !== undefined);
      const sets = columns.map((c, i) => `${c} = $${i + 3}`);
      const rows = await q.query<PowerDevice>(
        `UPDATE power_devices SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE tenant_id = $1 AND device_id = $2 RETURNING ${DEVICE_COLUMNS}`,
        [tenantId, deviceId, ...columns.map((c) => changes[c])],
      );
      return rows[0] ?? null;
    },

    async find(tenantId: string, deviceId: string): Promise<PowerDevice | null> {
      const rows = await db.query<PowerDevice>(`SELECT ${DEVICE_COLUMNS} FROM power_devices WHERE tenant_id = $1 AND device_id = $2`, [
        tenantId,
        deviceId,
      ]);
      return rows[0] ?? null;
    },

    /**
     * What the load models read of every device (issue 20), with the registry version it was read at: the load
     * planning module keys its fleet analyses by that version, so a changed rating or MPRN count is never served
     * a stale analysis.
     */
    async planningRegistry(tenantId: string): Promise<{ version: string; devices: PlanningDevice[] }> {
      const [version, devices] = await Promise.all([
        registryVersion(tenantId),
        db.query<PlanningDevice>(
          `SELECT device_id, transformer_name, rating_kva::float8 AS rating_kva, connected_mprns, commuter_area
             FROM power_devices WHERE tenant_id = $1 ORDER BY device_id`,
          [tenantId],
        ),
      ]);
      return { version, devices };
    },

    registryVersion,

    async fleetSize(tenantId: string): Promise<{ device_count: number; total_rating_kva: number }> {
      const [row] = await db.query<{ device_count: number; total_rating_kva: number }>(
        'SELECT count(*)::int AS device_count, coalesce(sum(rating_kva), 0)::float8 AS total_rating_kva FROM power_devices WHERE tenant_id = $1',
        [tenantId],
      );
      return row ?? { device_count: 0, total_rating_kva: 0 };
    },

    /** VACUUM (ANALYZE) of the registry (see the retention module): it cannot run in a transaction. */
    async maintain(): Promise<void> {
      await db.query('VACUUM (ANALYZE) power_devices');
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
export type AssetsRepository = ReturnType<typeof createAssetsRepository>;
