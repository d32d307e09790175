import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ClientConfigSchema, type ClientConfig } from '@gridlens/contract/client-config';

/** What the web app needs before sign-in; public by design (nothing secret in it). */
export function registerClientConfigRoute(app: FastifyInstance, clientConfig: ClientConfig): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/client-config.json',
    {
      schema: {
        tags: ['Operations'],
        summary: 'Identity provider and environment settings for the web app',
        response: { 200: ClientConfigSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(clientConfig),
  );
}
