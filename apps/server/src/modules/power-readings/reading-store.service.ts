import type { TransformerReading } from '@gridlens/contract/ingest';
import type { Queryable } from '../../db/database';
import type { StoredMessages } from '../../db/stored-messages';
import { deriveReading } from './derived-reading';
import { hourlyContributions } from './hourly-rollup';
import type { DerivedReading } from './power-readings.public';
import { atStoredPrecision } from './reading-encoding';
import { createReadingStoreRepository, type DeviceKeys } from './reading-store.repository';
import { dailyContributions, latestPerDevice } from './transformer-rollups';

/**
 * How the ingest path stores transformer readings, in its transaction and in three steps, so that it can run its
 * subscribers between the rollups and the latest state (alert evaluation must still see the latest state from
 * before the batch). The stored form (precision, sequence packing, rollup series) is this module's alone.
 */
export function createReadingStore(
  repository = createReadingStoreRepository(),
  /** The tenant's time zone, read with the transaction's connection: daily rollups are keyed by the tenant's days. */
  timeZoneOf: (tenantId: string, tx: Queryable) => Promise<string> = () => Promise.resolve('UTC'),
) {
  return {
    /** The reading as it will be stored (see reading-encoding.ts): applied before anything is derived from it. */
    atStoredPrecision,
    /** Inserts the readings not stored before; `devices` must hold every reading's device. */
    insert: (tx: Queryable, devices: DeviceKeys, readings: readonly TransformerReading[]): Promise<StoredMessages> =>
      repository.insertTransformerReadings(tx, devices, readings),
    /** Adds new readings to the daily and hourly rollups; answers them with their derived values. */
    async addToRollups(tx: Queryable, tenantId: string, readings: readonly TransformerReading[]): Promise<DerivedReading[]> {
      const derived = readings.map(deriveReading);
      await repository.addToDailyRollup(tx, tenantId, dailyContributions(derived, await timeZoneOf(tenantId, tx)));
      await repository.addToHourlyRollup(tx, tenantId, hourlyContributions(derived));
      return derived;
    },
    /** Moves each device's latest state on to its newest new reading. */
    updateLatest: (tx: Queryable, tenantId: string, readings: readonly TransformerReading[], derived: readonly DerivedReading[]) =>
      repository.updateLatest(tx, tenantId, latestPerDevice(readings, derived)),
  };
}
export type ReadingStore = ReturnType<typeof createReadingStore>;
