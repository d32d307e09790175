import type { FastifyInstance } from 'fastify';
import { loadPlanningApi } from '@gridlens/contract/load-planning';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import { plainJsonSerializer } from '../../http/plain-json-serializer';
import type { LoadPlanningService } from './load-planning.service';

export function registerLoadPlanningRoutes(app: FastifyInstance, planning: LoadPlanningService): void {
  // The EV and the HP Analysis tabs show one analysis (issue 27): both endpoints answer it.
  for (const endpoint of [loadPlanningApi.evAnalysis, loadPlanningApi.analysis])
    bindEndpoint(app, endpoint, (request) =>
      planning.transformerAnalysis(tenantPrincipal(request).tenantId, request.params.id, {
        evModel: request.query.ev_model,
        hpModel: request.query.hp_model,
        dayType: request.query.day_type,
      }),
    );
  // 10,000 rows: written as plain JSON, not walked through the schema's serialiser.
  bindEndpoint(
    app,
    loadPlanningApi.fleetAnalysis,
    (request) =>
      planning.fleetAnalysis(tenantPrincipal(request).tenantId, request.params.id_ev, request.params.id_hp, request.query.day_type),
    { serializerCompiler: plainJsonSerializer },
  );
  bindEndpoint(app, loadPlanningApi.baseData, (request) =>
    planning.modelInputs(tenantPrincipal(request).tenantId, request.params.device_id, {
      evModel: request.query.ev_model,
      dayType: request.query.day_type,
    }),
  );
  bindEndpoint(app, loadPlanningApi.dwellingMix, (request) =>
    planning.dwellingMix(tenantPrincipal(request).tenantId, request.params.areaId),
  );
}
