import type { Queryable } from '../../db/database';
import { routesPlugin, type ServerModule } from '../../server-module';
import type { FindTenant } from '../tenants/tenants.module';
import { registerConfigRoutes } from './config.routes';
import { createConfigService } from './config.service';
import { createUserSettingsRepository } from './user-settings.repository';

/** The tenant's settings and each user's own (language, time zone, units, landing section). */
export function createConfigModule({ db, findTenant }: { db: Queryable; findTenant: FindTenant }): ServerModule {
  const service = createConfigService({ findTenant, userSettings: createUserSettingsRepository(db) });
  return { name: 'config', api: routesPlugin((api) => registerConfigRoutes(api, service)) };
}
