import fastifySwagger from '@fastify/swagger';
import { API_DOCS_PATH } from '@gridlens/contract/route';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the contract's Zod schemas; browsable at API_DOCS_PATH, raw at its /json. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Gridlens portal API',
        version: '1.0.0',
        description:
          'Every call under /api needs a bearer access token from the configured OpenID Connect issuer and a `Tenant` header equal to the tenant in that token. Errors are `{ error, message, details? }`.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          tenantHeader: { type: 'apiKey', in: 'header', name: 'Tenant' },
          ingestKeyBearer: { type: 'http', scheme: 'bearer', description: "A tenant's ingest API key (`glk_…`) as the bearer token" },
          ingestKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: "A tenant's ingest API key (`glk_…`)" },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: true });
}
