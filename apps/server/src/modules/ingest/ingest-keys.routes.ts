import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CreatedIngestKeySchema, CreateIngestKeySchema, IngestKeySchema } from '@gridlens/contract/ingest';
import { errorResponses } from '@gridlens/contract/errors';
import { TENANT_SECURITY, tenantPrincipal } from '../../auth/auth.plugin';
import type { IngestKeysService } from './ingest-keys.service';

const tags = ['Ingestion'];

export function registerIngestKeyRoutes(app: FastifyInstance, keys: IngestKeysService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/ingest/keys', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: "The tenant's ingest API keys (never their secrets)",
      response: { 200: z.array(IngestKeySchema), ...errorResponses },
    },
    handler: (request) => keys.list(tenantPrincipal(request).tenantId),
  });
  api.post('/api/ingest/keys', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: 'Creates an ingest API key; the secret is in this answer only',
      body: CreateIngestKeySchema,
      response: { 201: CreatedIngestKeySchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { tenantId, userId } = tenantPrincipal(request);
      return reply.status(201).send(await keys.create(tenantId, userId, request.body.name));
    },
  });
  api.delete('/api/ingest/keys/:id', {
    schema: {
      tags,
      security: TENANT_SECURITY,
      summary: 'Revokes an ingest API key',
      params: z.object({ id: z.string().max(64) }),
      response: { 200: z.object({ revoked: z.literal(true) }), ...errorResponses },
    },
    handler: async (request) => {
      await keys.revoke(tenantPrincipal(request).tenantId, request.params.id);
      return { revoked: true as const };
    },
  });
}
