/**
 * Where and how an endpoint is called: method, path, operationId and who may call. Each endpoint's route is
 * written once, in `routes/<capability>.ts`, and the capability's schema file completes it into the full
 * endpoint with its documentation and schemas (`endpoint.ts`). Routes hold no Zod and no prose, so the web app's
 * shell calls the API without loading the schema library or the OpenAPI texts; it takes the answer's type from
 * the endpoint, at compile time only.
 *
 * No other file writes an `/api/` path: `npm run lint` runs `scripts/check-api-paths.ts`, which fails otherwise.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call:
 * - `tenant`: a signed-in user (bearer access token) whose `Tenant` header equals the token's tenant;
 * - `installer`: the same, and Installer-only users too (the one device test they may run);
 * - `ingestKey`: a device or gateway presenting a tenant's ingest API key;
 * - `public`: anyone (health checks, the client configuration).
 */
export type EndpointSecurity = 'tenant' | 'installer' | 'ingestKey' | 'public';

export interface Route {
  readonly method: HttpMethod;
  /** Fastify's path syntax (`/api/powerdata/device/:DeviceID`); OpenAPI shows it as `{DeviceID}`. */
  readonly path: string;
  /** Unique across the API, lowerCamelCase: the name a generated client gives the call. */
  readonly operationId: string;
  readonly security: EndpointSecurity;
  /** Media types of a raw (non-JSON) body, such as an image upload. */
  readonly consumes?: readonly string[];
  /** The success answer is raw bytes (an image), not JSON. */
  readonly answersBytes?: true;
}

/** Describes where an endpoint lives (its documentation and schemas are added by `endpoint()` in the capability's schema file). */
export function route<const R extends Route>(description: R): R {
  return description;
}

/** The OpenAPI security requirement of each kind of caller (the schemes are declared in the document). */
export const SECURITY_REQUIREMENTS: Record<EndpointSecurity, readonly Readonly<Record<string, readonly string[]>>[]> = {
  tenant: [{ bearerAuth: [], tenantHeader: [] }],
  installer: [{ bearerAuth: [], tenantHeader: [] }],
  ingestKey: [{ ingestKeyBearer: [] }, { ingestKeyHeader: [] }],
  public: [],
};

/** The route's path with its parameters filled in (each URI-encoded). */
export function pathOf(route: Route, params?: Readonly<Record<string, string | number>>): string {
  return route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route.operationId} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The route's path with its parameters and query filled in, for callers that build a URL (tests, scripts). */
export function urlOf(
  route: Route,
  params?: Readonly<Record<string, string | number>>,
  query?: Readonly<Record<string, string | number | boolean | null | undefined>>,
): string {
  const path = pathOf(route, params);
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Where the API lives: every endpoint's path under it needs a signed-in caller. */
export const API_PREFIX = '/api/';
/** The OpenAPI document: browsable here, raw JSON at `${API_DOCS_PATH}/json`. */
export const API_DOCS_PATH = '/api/docs';
