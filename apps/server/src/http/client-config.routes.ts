import type { FastifyInstance } from 'fastify';
import { clientConfigApi, type ClientConfig } from '@gridlens/contract/client-config';
import { bindEndpoint } from './bind-endpoint';

/** What the web app needs before sign-in; public by design (nothing secret in it). */
export function registerClientConfigRoute(app: FastifyInstance, clientConfig: ClientConfig): void {
  bindEndpoint(app, clientConfigApi.get, (_request, reply) => reply.header('cache-control', 'no-cache').send(clientConfig));
}
