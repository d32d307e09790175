import type { Queryable } from '../../db/database';
import { routesPlugin } from '../../server-module';
import { keepsPowerDataOf, type FindTenant } from '../tenants/tenants.module';
import { createLoadModelsRepository } from './load-models.repository';
import { registerLoadModelRoutes } from './load-models.routes';
import { createLoadModelsService } from './load-models.service';

/** EV and heat-pump load models (table load_models): their API, and the default models of power-data tenants. */
export function createLoadModelsModule({
  db,
  findTenant,
  changed,
}: {
  db: Queryable;
  findTenant: FindTenant;
  /** Told after a tenant's model was edited or deleted (the load-planning module forgets the analyses it ran). */
  changed?: (tenantId: string) => void;
}) {
  const service = createLoadModelsService({
    models: createLoadModelsRepository(db),
    isPowerTenant: keepsPowerDataOf(findTenant),
    changed,
  });
  return {
    name: 'load-models',
    api: routesPlugin((api) => registerLoadModelRoutes(api, service)),
    /** The tenant's models of each kind, for the analyses that run them. */
    models: service,
  };
}
