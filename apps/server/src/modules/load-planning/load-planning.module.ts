import type { FastifyInstance } from 'fastify';
import { routesPlugin } from '../../server-module';
import type { AmbientTemperatures } from './ambient-temperatures';
import { createFleetRunner, type FleetRunner } from './fleet-runner';
import { registerLoadPlanningRoutes } from './load-planning.routes';
import { createLoadPlanningService, type LoadPlanningDeps } from './load-planning.service';
import type { ModelSource } from './model-source';

/**
 * Issue 20: transformers' EV and heat-pump analyses and the fleet table (spec §3, §7), computed by the domain's
 * load models from the power readings' base-load days and the registry's ratings and MPRNs. It owns no table;
 * the fleet analysis runs on a worker thread (fleet-runner.ts) and is kept per tenant (fleet-cache.ts).
 */
export function createLoadPlanningModule(
  deps: Omit<LoadPlanningDeps, 'runner' | 'models' | 'ambient'> & {
    models: ModelSource;
    ambient: AmbientTemperatures;
    runner?: FleetRunner;
  },
) {
  const runner = deps.runner ?? createFleetRunner();
  const service = createLoadPlanningService({ ...deps, runner });
  return {
    name: 'load-planning',
    api: routesPlugin((api: FastifyInstance) => {
      registerLoadPlanningRoutes(api, service);
      api.addHook('onClose', () => runner.close());
    }),
    /** The load the default models add to transformers by the last forecast year (load analysis's future ageing). */
    addedLoadsByHour: (tenantId: string, deviceIds: readonly string[]) => service.addedLoadsByHour(tenantId, deviceIds),
    /** An edited or deleted model's fleet analyses are forgotten (their keys hold the parameters, so none is ever served stale; this frees them). */
    hooks: { modelChanged: (tenantId: string) => Promise.resolve(service.invalidate(tenantId)) },
  };
}
export type LoadPlanningModule = ReturnType<typeof createLoadPlanningModule>;

// What the module graph hands the module: the stored models and the weather's temperatures, adapted to what it reads.
export { fromWeather } from './ambient-temperatures';
export { storedModels } from './model-source';
