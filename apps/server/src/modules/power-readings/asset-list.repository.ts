import { availableParallelism } from 'node:os';
import type { ComparedRollupDays } from '@gridlens/domain/time-range';
import type { Database, Queryable } from '../../db/database';
import { createPeriodListReader } from './period-list.repository';
import type { PeriodTable } from './period-table';

/**
 * How many parts the assets-list query is split into on PostgreSQL: one per core of this host (at most 4), a
 * guess at the database's cores, which usually match in the deployments we document; on PGlite one, since its
 * single connection would only queue them. Each part holds one pooled connection while it runs.
 */
export const listQueryParts = (db: Database): number => (db.kind === 'postgres' ? Math.min(4, availableParallelism()) : 1);

/**
 * The assets list's read model: every registered device (the assets module's registry) with its figures from this
 * module's rollups over a period. It reads the registry along the import arrow (power-readings imports assets).
 */
export function createAssetListRepository(db: Queryable, { listParts = 1 }: { listParts?: number } = {}) {
  const periodReader = createPeriodListReader(db, listParts);
  return {
    /**
     * Every device of the tenant with its rollups from `fromDay` to `toDay`, and the period of equal length
     * before it, in device-id byte order. Reads only the registry, latest-state and daily rollup tables: never
     * the raw messages (see period-list.repository.ts for how).
     */
    listWithPeriod: (tenantId: string, userId: string, days: ComparedRollupDays): Promise<PeriodTable> =>
      periodReader.list(tenantId, userId, days),
    /** listWithPeriod over each of several periods, read in one statement. */
    listWithPeriods: (tenantId: string, userId: string, days: readonly ComparedRollupDays[]): Promise<PeriodTable[]> =>
      periodReader.listEach(tenantId, userId, days),
    /** One device as listWithPeriod gives it (a one-row table), or null when the tenant has no such device. */
    deviceWithPeriod: (tenantId: string, userId: string, deviceId: string, days: ComparedRollupDays): Promise<PeriodTable | null> =>
      periodReader.device(tenantId, userId, deviceId, days),
  };
}
export type AssetListRepository = ReturnType<typeof createAssetListRepository>;
