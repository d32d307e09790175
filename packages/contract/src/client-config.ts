import { z } from 'zod';
import { endpoint } from './endpoint';
import { clientConfigRoutes } from './routes/client-config';

/**
 * GET /client-config.json (no sign-in): what the web app needs before it can sign in.
 * Served at run time so that one build works with the embedded or any external identity provider.
 */
export const ClientConfigSchema = z
  .object({
    authority: z.string().describe('OpenID Connect issuer URL'),
    clientId: z.string(),
    authorizationParams: z
      .record(z.string(), z.string())
      .describe('Extra parameters of every authorization request, e.g. audience (Auth0) or resource (RFC 8707)'),
    scope: z.string(),
    rolesClaim: z.string().describe('Where the roles are in the ID token: a claim name or a path (realm_access.roles)'),
    tenantClaim: z
      .string()
      .describe('Where the tenant is in the ID token, a claim path as rolesClaim (["https://example.com/app_metadata"].tenant)'),
    environment: z.string().describe("Shown as a badge in the header unless it is 'production'"),
    signInMode: z.enum(['redirect', 'popup']),
    mapTiles: z
      .object({
        url: z.string().describe('Tile URL template with {z}, {x}, {y} (and optionally {s})'),
        attribution: z.string(),
        maxZoom: z.number().int().describe("The tile server's highest zoom: the maps zoom no further"),
      })
      .nullable()
      .describe('Where the maps take their tiles; null: the offline basemap (Natural Earth land and borders)'),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof ClientConfigSchema>;

export const clientConfigApi = {
  get: endpoint(clientConfigRoutes.get, {
    tags: ['Operations'],
    summary: 'Identity provider and environment settings for the web app',
    responses: { 200: ClientConfigSchema },
  }),
};
