import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rolloutApi as api } from '@gridlens/contract/rollout';
import { ROLLOUT_IMPORT_CONTENT_TYPES } from '@gridlens/contract/routes/rollout';
import { IMPORT_MAX_BYTES } from '@gridlens/domain/rollout/plan';
import { ADMIN_ROLE, hasRole } from '@gridlens/domain/roles';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import { HttpError, notFound } from '../../http/http-error';
import { ImportRefusedError, type RolloutFiles } from './rollout-files';
import type { RolloutService } from './rollout.service';

const done = { ok: true as const };

/** The writer of a change: an administrator of the tenant, else 403 (docs/decisions.md, the rollout dashboard). */
function admin(request: FastifyRequest): { tenantId: string; userId: string } {
  const { tenantId, userId, roles } = tenantPrincipal(request);
  if (!hasRole(roles, ADMIN_ROLE))
    throw new HttpError(403, 'forbidden', `Only a user with the ${ADMIN_ROLE} role may change the rollout plan`);
  return { tenantId, userId };
}

/**
 * /api/rollout/…: parse, call one use case, answer. The routes live in a scope of their own, which answers 404 to a
 * tracking tenant before anything else, and reads an import's raw file (CSV or XLSX, up to IMPORT_MAX_BYTES: 413).
 */
export function registerRolloutRoutes(
  app: FastifyInstance,
  service: RolloutService,
  files: RolloutFiles,
  keepsPowerData: (tenantId: string) => Promise<boolean>,
): void {
  void app.register((scope, _options, registered) => {
    scope.addHook('preValidation', async (request) => {
      if (!(await keepsPowerData(tenantPrincipal(request).tenantId))) throw notFound('Rollout');
    });
    scope.addContentTypeParser(
      [...ROLLOUT_IMPORT_CONTENT_TYPES],
      { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, parsed) => parsed(null, body),
    );
    // An import's 400 has the ImportRefused shape whatever refused it (a body that is no file, a JSON body): the
    // refused rows are then none.
    scope.addHook('preSerialization', async (request, reply, payload) => {
      if (reply.statusCode !== 400 || request.routeOptions.url !== api.importPlan.path) return payload;
      return payload !== null && typeof payload === 'object' && !('refused' in payload) ? { ...payload, refused: [] } : payload;
    });
    const tenant = (request: FastifyRequest) => tenantPrincipal(request).tenantId;

    bindEndpoint(scope, api.summary, (request) => service.summary(tenant(request), request.query.group_id ?? null));
    bindEndpoint(scope, api.silent, (request) => service.silent(tenant(request)));
    bindEndpoint(scope, api.groups, (request) => service.groups(tenant(request)));
    bindEndpoint(scope, api.createGroup, (request) => {
      const { tenantId, userId } = admin(request);
      return service.createGroup(tenantId, request.body, userId);
    });
    bindEndpoint(scope, api.updateGroup, (request) => {
      const { tenantId, userId } = admin(request);
      return service.updateGroup(tenantId, request.params.group_id, request.body, userId);
    });
    bindEndpoint(scope, api.removeGroup, async (request) => {
      await service.removeGroup(admin(request).tenantId, request.params.group_id);
      return done;
    });
    bindEndpoint(scope, api.sites, (request) => service.sites(tenant(request), request.query));
    bindEndpoint(scope, api.site, (request) => service.site(tenant(request), request.params.site_id));
    bindEndpoint(scope, api.createSite, (request) => {
      const { tenantId, userId } = admin(request);
      return service.createSite(tenantId, request.body, userId);
    });
    bindEndpoint(scope, api.updateSite, (request) => {
      const { tenantId, userId } = admin(request);
      return service.updateSite(tenantId, request.params.site_id, request.body, userId);
    });
    bindEndpoint(scope, api.removeSite, async (request) => {
      await service.removeSite(admin(request).tenantId, request.params.site_id);
      return done;
    });
    bindEndpoint(scope, api.abortSite, (request) => {
      const { tenantId, userId } = admin(request);
      return service.abortSite(tenantId, request.params.site_id, request.body, userId);
    });
    bindEndpoint(scope, api.devices, (request) => service.devices(tenant(request)));
    bindEndpoint(scope, api.deviceHistory, (request) => service.history(tenant(request), request.params.device_id));
    bindEndpoint(scope, api.setDeviceStatus, (request) => {
      const { tenantId, userId } = admin(request);
      return service.setStatus(tenantId, request.params.device_id, request.body, userId);
    });
    bindEndpoint(scope, api.abortReasons, (request) => service.abortReasons(tenant(request)));
    bindEndpoint(scope, api.addAbortReason, (request) => {
      const { tenantId, userId } = admin(request);
      return service.addAbortReason(tenantId, request.body.label, userId);
    });
    bindEndpoint(scope, api.importPlan, async (request, reply) => {
      const { tenantId, userId } = admin(request);
      try {
        return await files.importPlan(tenantId, request.params.kind, request.headers['content-type'] ?? '', request.body, userId);
      } catch (error) {
        if (!(error instanceof ImportRefusedError)) throw error;
        return reply.status(400).send({ error: error.code, message: error.message, refused: error.refused });
      }
    });
    bindEndpoint(scope, api.exportPlan, async (request, reply) => {
      const file = await files.exportPlan(tenant(request), request.params.kind, request.params.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.bytes);
    });
    registered();
  });
}
