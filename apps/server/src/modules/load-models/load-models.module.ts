import type { Queryable } from '../../db/database';
import { routesPlugin } from '../../server-module';
import { createLoadModelsRepository } from './load-models.repository';
import { registerLoadModelRoutes } from './load-models.routes';
import { createLoadModelsService } from './load-models.service';

/** EV and heat-pump load models (table load_models): their API, and the default models of power-data tenants. */
export function createLoadModelsModule({
  db,
  keepsPowerData,
  modelChanged,
}: {
  db: Queryable;
  keepsPowerData: (tenantId: string) => Promise<boolean>;
  /** Told after a tenant's model was edited or deleted (the model-changed hook: load planning forgets its analyses). */
  modelChanged?: (tenantId: string) => Promise<void>;
}) {
  const service = createLoadModelsService({
    models: createLoadModelsRepository(db),
    isPowerTenant: keepsPowerData,
    changed: modelChanged,
  });
  return {
    name: 'load-models',
    api: routesPlugin((api) => registerLoadModelRoutes(api, service)),
    /** The tenant's models of each kind, for the analyses that run them. */
    models: service,
  };
}
