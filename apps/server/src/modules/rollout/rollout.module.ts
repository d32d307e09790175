import type { Database, Queryable } from '../../db/database';
import type { ScheduledJob } from '../../scheduler/scheduler';
import { routesPlugin, type ServerModule } from '../../server-module';
import type { DeviceStatusSetHook } from '../assets/assets.module';
import type { DeviceTestedHook } from '../coverage/coverage.module';
import { createRolloutFiles } from './rollout-files';
import { createRolloutRepository } from './rollout.repository';
import { registerRolloutRoutes } from './rollout.routes';
import { createRolloutService, type RolloutDevices } from './rollout.service';

/** How often the silence check runs: a device silent for 24 h turns Inactive within 5 minutes of it. */
export const SILENCE_CHECK_EVERY_MS = 5 * 60_000;

interface Deps {
  db: Database;
  devices: RolloutDevices;
  keepsPowerData: (tenantId: string) => Promise<boolean>;
  timeZoneOf: (tenantId: string) => Promise<string>;
  now?: () => number;
}

/**
 * The rollout dashboard (issue 30; rollout_groups, rollout_sites, rollout_abort_reasons, device_status_history): the
 * installation plan, the devices' status from the facts (first message, silence, the installer's recorded test, an
 * abort, an operator's edit, an import) with their dated history, and the dashboard's figures.
 */
export function createRolloutModule({ db, devices, keepsPowerData, timeZoneOf, now = Date.now }: Deps) {
  const repository = createRolloutRepository(db);
  const service = createRolloutService({ db, repository, devices, timeZoneOf, now });
  const files = createRolloutFiles({ db, repository, service, now });
  const silenceCheck: ScheduledJob = {
    name: 'rollout-silence-check',
    everyMs: SILENCE_CHECK_EVERY_MS,
    run: async () => {
      await service.checkSilence();
    },
  };
  return {
    name: 'rollout',
    api: routesPlugin((api) => registerRolloutRoutes(api, service, files, keepsPowerData)),
    jobs: [silenceCheck],
    hooks: {
      afterReadings: (tx: Queryable, tenantId: string, stored: readonly { deviceId: string; measuredMs: number }[]) =>
        service.afterReadings(tx, tenantId, stored),
      deviceTested: ((tx, tenantId, test) => service.deviceTested(tx, tenantId, test)) satisfies DeviceTestedHook,
      deviceStatusSet: ((tx, tenantId, fact) => service.deviceStatusSet(tx, tenantId, fact)) satisfies DeviceStatusSetHook,
    },
    service,
  } satisfies ServerModule & { service: unknown };
}
