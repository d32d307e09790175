import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@gridlens/contract/route';

/** What a request says about the address it came to, as Fastify reads it (X-Forwarded-* only from TRUST_PROXY). */
export interface RequestAddress {
  protocol: string;
  host: string;
}

/** A host name, an IPv4 address or a bracketed IPv6 address, with an optional port: nothing else is an origin. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin a request came to (`http://192.0.2.2:3000`), normalised as a browser writes it (lower case, no
 * default port), or null when its Host is not a plain host name or address: such a request is not served an
 * issuer of its own.
 */
export function requestOrigin({ protocol, host }: RequestAddress): string | null {
  if ((protocol !== 'http' && protocol !== 'https') || !HOST.test(host)) return null;
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * Whether browsers treat the address as a secure context (https, or loopback by name or number): elsewhere they
 * ignore Cross-Origin-Opener-Policy and report it as an error on every page load.
 */
export function isPotentiallyTrustworthy({ protocol, host }: RequestAddress): boolean {
  if (protocol === 'https') return true;
  const hostname = host.replace(/:\d+$/, '').toLowerCase();
  return hostname === 'localhost' || hostname.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]';
}

/** Paths that machines call by whatever address they were given: they are answered, never redirected. */
const NOT_REDIRECTED = [API_PREFIX, '/ingest/', '/healthz', '/readyz'];

/**
 * With PUBLIC_URL set, a browser that reaches the portal at another address (the machine's IP, 127.0.0.1, an old
 * name) is sent to PUBLIC_URL with the same path: the web app, its sign-in and its identity provider's pages
 * work at one origin only. Only GET and HEAD are redirected; API, ingest and health calls are answered wherever
 * they arrive. A request carrying X-Forwarded-* from a proxy TRUST_PROXY does not name is not judged (its
 * real address is unknown), so that a proxy forgotten in TRUST_PROXY cannot make the portal redirect to itself
 * for ever.
 */
export function registerPublicOriginRedirect(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = request.url;
    if (NOT_REDIRECTED.some((prefix) => path.startsWith(prefix))) return;
    if (unbelievedForwarding(request)) return;
    if (isReportRender(request)) return;
    if (requestOrigin(request) === publicOrigin) return;
    return reply.redirect(`${publicOrigin}${path.startsWith('/') ? path : '/'}`, 308);
  });
}

/**
 * The report runner's headless browser, loading a report page from this very process at its loopback address
 * (report-delivery): it is answered there, since its render ticket is good only in the process that minted it.
 */
export const REPORT_RENDER_HEADER = 'x-report-render';
const isReportRender = (request: { ip: string; headers: Record<string, string | string[] | undefined> }) =>
  request.headers[REPORT_RENDER_HEADER] === '1' &&
  /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.test(request.ip);

const lastEntry = (value: string | string[]) => (Array.isArray(value) ? value.join(',') : value).split(',').at(-1)?.trim();

/** X-Forwarded-Host or -Proto that Fastify did not take, because the peer is not a proxy TRUST_PROXY names. */
function unbelievedForwarding(request: RequestAddress & { headers: Record<string, string | string[] | undefined> }): boolean {
  const host = request.headers['x-forwarded-host'];
  const proto = request.headers['x-forwarded-proto'];
  return (host !== undefined && lastEntry(host) !== request.host) || (proto !== undefined && lastEntry(proto) !== request.protocol);
}
