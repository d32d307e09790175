import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_DOCS_PATH } from '@gridlens/contract/route';
import { tidyComponents } from './openapi-components';

/**
 * The OpenAPI document is generated from the contract's endpoints (each route's operationId, summary, tags and
 * security; its Zod schemas); browsable at API_DOCS_PATH, raw at its /json.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Gridlens portal API',
        version: '1.0.0',
        description:
          'Every call under /api needs a bearer access token from the configured OpenID Connect issuer and a `Tenant` header equal to the tenant in that token. Devices send to /ingest with an ingest API key of their tenant. Errors are `{ error, message, details? }`.',
        license: { name: 'Proprietary: for customers of the portal', identifier: 'LicenseRef-Gridlens' },
      },
      // Relative: the document is served by the portal itself, so its calls go wherever it was fetched from.
      servers: [{ url: '/', description: 'This portal' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A signed-in user's access token" },
          tenantHeader: { type: 'apiKey', in: 'header', name: 'Tenant', description: "The tenant of the signed-in user's token" },
          ingestKeyBearer: { type: 'http', scheme: 'bearer', description: "A tenant's ingest API key (`glk_…`) as the bearer token" },
          ingestKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: "A tenant's ingest API key (`glk_…`)" },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => tidyComponents(jsonSchemaTransformObject(document)),
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: true });
}
