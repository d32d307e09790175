import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientConfigApi, type ClientConfig } from '@gridlens/contract/client-config';
import { bindEndpoint } from './bind-endpoint';

/**
 * What the web app needs before sign-in; public by design (nothing secret in it). It may depend on the request:
 * the embedded provider without PUBLIC_URL is at the address the browser used.
 */
export function registerClientConfigRoute(app: FastifyInstance, clientConfig: (request: FastifyRequest) => ClientConfig): void {
  bindEndpoint(app, clientConfigApi.get, (request, reply) => reply.header('cache-control', 'no-cache').send(clientConfig(request)));
}
