import type { Queryable } from '../../db/database';
import { routesPlugin, type ServerModule } from '../../server-module';
import type { ChangeTenant, FindTenant } from '../tenants/tenants.module';
import { registerConfigRoutes } from './config.routes';
import { createConfigService } from './config.service';
import { createUserSettingsRepository } from './user-settings.repository';

/** The tenant's settings (which its administrators change) and each user's own (language, time zone, units, landing section). */
export function createConfigModule({
  db,
  findTenant,
  changeTenant,
}: {
  db: Queryable;
  findTenant: FindTenant;
  changeTenant: ChangeTenant;
}): ServerModule {
  const service = createConfigService({ findTenant, changeTenant, userSettings: createUserSettingsRepository(db) });
  return { name: 'config', api: routesPlugin((api) => registerConfigRoutes(api, service)) };
}
