import type { Database, Queryable } from '../../db/database';
import { routesPlugin, type ServerModule } from '../../server-module';
import type { LinkQualityReads } from '../power-readings/power-readings.module';
import { registerCoverageRoutes, registerDeviceTestRoutes } from './coverage.routes';
import { createCoverageService } from './coverage.service';
import { createDeviceTestsRepository } from './device-tests.repository';

/** A recorded device test, as the deviceTested hook tells it (inside the transaction that stored it). */
export interface RecordedTestFact {
  device_id: string;
  /** ISO instant of the test. */
  at: string;
  /** The installer who recorded it. */
  by: string;
  outcome: string;
  passed: boolean;
}
export type DeviceTestedHook = (tx: Queryable, tenantId: string, test: RecordedTestFact) => Promise<void>;

/**
 * Device coverage (link quality across the fleet) and the installer's device test, computed from power-readings'
 * figures; a recorded test (the monitor is fitted) is kept in device_tests and told through `deviceTested`.
 */
export function createCoverageModule({
  db,
  linkQuality,
  deviceTested,
  now,
}: {
  db: Database;
  linkQuality: LinkQualityReads;
  deviceTested?: DeviceTestedHook;
  now?: () => number;
}): ServerModule {
  const service = createCoverageService({ repository: linkQuality, tests: createDeviceTestsRepository(), db, deviceTested, now });
  return {
    name: 'coverage',
    api: routesPlugin((api) => registerCoverageRoutes(api, service)),
    installerApi: routesPlugin((api) => registerDeviceTestRoutes(api, service)),
  };
}
