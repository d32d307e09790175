import type { FastifyInstance } from 'fastify';
import { ingestApi } from '@gridlens/contract/ingest';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { IngestKeysService } from './ingest-keys.service';

export function registerIngestKeyRoutes(app: FastifyInstance, keys: IngestKeysService): void {
  bindEndpoint(app, ingestApi.keys, (request) => keys.list(tenantPrincipal(request).tenantId));
  bindEndpoint(app, ingestApi.createKey, (request) => {
    const { tenantId, userId } = tenantPrincipal(request);
    return keys.create(tenantId, userId, request.body.name);
  });
  bindEndpoint(app, ingestApi.revokeKey, async (request) => {
    await keys.revoke(tenantPrincipal(request).tenantId, request.params.id);
    return { revoked: true as const };
  });
}
