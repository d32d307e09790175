import type { FastifyInstance } from 'fastify';
import { evModelsApi, hpModelsApi } from '@gridlens/contract/load-models';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { LoadModelsService } from './load-models.service';

/** Spec §7 /api/powerdata/evmodellist and /hpmodellist, with /{id}: the same five calls for each kind. */
export function registerLoadModelRoutes(app: FastifyInstance, models: LoadModelsService): void {
  const tenant = (request: Parameters<typeof tenantPrincipal>[0]) => tenantPrincipal(request).tenantId;
  bindEndpoint(app, evModelsApi.list, (request) => models.list(tenant(request), 'ev'));
  bindEndpoint(app, evModelsApi.create, (request) => models.create(tenant(request), 'ev', request.body));
  bindEndpoint(app, evModelsApi.get, (request) => models.get(tenant(request), 'ev', request.params.id));
  bindEndpoint(app, evModelsApi.update, (request) => models.update(tenant(request), 'ev', request.params.id, request.body));
  bindEndpoint(app, evModelsApi.remove, async (request) => {
    await models.remove(tenant(request), 'ev', request.params.id);
    return { ok: true as const };
  });
  bindEndpoint(app, hpModelsApi.list, (request) => models.list(tenant(request), 'hp'));
  bindEndpoint(app, hpModelsApi.create, (request) => models.create(tenant(request), 'hp', request.body));
  bindEndpoint(app, hpModelsApi.get, (request) => models.get(tenant(request), 'hp', request.params.id));
  bindEndpoint(app, hpModelsApi.update, (request) => models.update(tenant(request), 'hp', request.params.id, request.body));
  bindEndpoint(app, hpModelsApi.remove, async (request) => {
    await models.remove(tenant(request), 'hp', request.params.id);
    return { ok: true as const };
  });
}
