import type { Database } from '../../db/database';
import { routesPlugin, type ServerModule } from '../../server-module';
import type { LinkQualityReads } from '../power-readings/power-readings.module';
import { registerCoverageRoutes, registerDeviceTestRoutes } from './coverage.routes';
import { createCoverageService } from './coverage.service';
import { createDeviceTestsRepository, type StoredDeviceTest } from './device-tests.repository';

import type { DeviceTestedHook } from './device-tested';

export type { DeviceTestedHook, RecordedTestFact } from './device-tested';

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
}) {
  const tests = createDeviceTestsRepository();
  const service = createCoverageService({ repository: linkQuality, tests, db, deviceTested, now });
  return {
    name: 'coverage',
    api: routesPlugin((api) => registerCoverageRoutes(api, service)),
    installerApi: routesPlugin((api) => registerDeviceTestRoutes(api, service)),
    /**
     * The demo's recorded tests, while the tenant has none: stored as they were, without telling the rollout (the
     * demo's status history has them already).
     */
    seedDemoTests: (tenantId: string, demoTests: readonly StoredDeviceTest[], by: string): Promise<boolean> =>
      db.transaction(async (tx) => {
        if (await tests.any(tx, tenantId)) return false;
        await tests.insertMany(tx, tenantId, demoTests, by);
        return true;
      }),
  } satisfies ServerModule & { seedDemoTests: unknown };
}
