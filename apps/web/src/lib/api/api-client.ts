import type { Answer, CallInput, EndpointDescription } from '@gridlens/contract/endpoint';
import { pathOf, type Route } from '@gridlens/contract/route';
import { isSetUpFault, tokenRefusalOf, type TokenRefusal } from '../token-refusal';

/**
 * The one place that talks HTTP to the API, implementing the specification's rules (§7, §8):
 * - bearer token and Tenant header, sent only when a token exists;
 * - success is 200 or 201 only, yielding the response data;
 * - 400 shows the 'Error' snackbar; 403 replaces the page with /error?redirect=<full path>;
 * - a 401 refusing the token for a set-up fault (WWW-Authenticate says which) tells the app, which says so in words;
 *   any other failure goes to the caller (and the log);
 * - a pending-request counter drives the loader, decremented after success and failure alike.
 * A raw answer (bytes) that names its file (Content-Disposition) is a File of that name, to be saved as the server
 * named it.
 */
export interface ApiSession {
  accessToken: string;
  tenant: string | null;
}

export interface ApiClientHooks {
  getSession: () => Promise<ApiSession | null>;
  onBadRequest: () => void;
  /** A 403: the page refused, and the API's error code (`unknown_tenant` when the user's organisation is not set up). */
  onForbidden: (redirectPath: string, code: string) => void;
  /** The API refused the token in a way signing in again cannot mend (an identity provider set up wrongly). */
  onTokenRefused: (refusal: TokenRefusal) => void;
  onRequestStarted: () => void;
  onRequestFinished: () => void;
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { field: string; message: string }[] = [],
    /** The whole answer, for refusals that say more than their fields (an import's refused rows). */
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

let hooks: ApiClientHooks | null = null;

export function configureApiClient(next: ApiClientHooks): void {
  hooks = next;
}

let quietDepth = 0;

/**
 * Runs `call` so that the requests it starts report a 400 or 403 to their caller only: no snackbar, no move to
 * /error. For answers asked for ahead of need (app/screen-preload.ts): a screen that is shown asks again, and
 * reports a failure then; a screen that is not shown (another tenant's section) says nothing.
 */
export function quietly<T>(call: () => T | Promise<T>): Promise<T> {
  quietDepth += 1;
  try {
    return Promise.resolve(call());
  } finally {
    quietDepth -= 1;
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

interface RequestOptions {
  /** A JSON body. */
  json?: unknown;
  /** A raw body (an image upload) with its content type. */
  bytes?: { data: Blob; type: string };
  query?: Query;
  /** The answer as parsed JSON (the default) or as the raw bytes (an image). */
  answer?: 'json' | 'blob';
}

async function request(method: string, path: string, { json, bytes, query, answer = 'json' }: RequestOptions = {}): Promise<unknown> {
  if (!hooks) throw new Error('configureApiClient() must run before the first request');
  const { getSession, onBadRequest, onForbidden, onTokenRefused, onRequestStarted, onRequestFinished } = hooks;
  const quiet = quietDepth > 0; // read before the first await, while quietly() is still on the stack
  onRequestStarted();
  try {
    const session = await getSession();
    const headers: Record<string, string> = { accept: answer === 'json' ? 'application/json' : '*/*' };
    if (session) {
      headers['authorization'] = `Bearer ${session.accessToken}`;
      if (session.tenant) headers['tenant'] = session.tenant;
    }
    if (json !== undefined) headers['content-type'] = 'application/json';
    if (bytes) headers['content-type'] = bytes.type;
    const body = bytes ? bytes.data : json === undefined ? undefined : JSON.stringify(json);
    const response = await fetch(withQuery(path, query), { method, headers, body });
    const isJson = response.headers.get('content-type')?.includes('json') === true;
    if (answer === 'blob' && response.status === 200 && !isJson) return fileOf(await response.blob(), response.headers);
    const data: unknown = isJson ? await response.json() : undefined;
    if (response.status === 200 || response.status === 201) return data;
    const refusal = response.status === 401 ? tokenRefusalOf(response.headers.get('www-authenticate')) : null;
    const error = toApiError(response.status, data);
    if (response.status === 400) {
      if (!quiet) onBadRequest();
    } else if (refusal && isSetUpFault(refusal)) {
      console.warn(`API ${method} ${path} refused the sign-in token (${refusal.reason}): ${refusal.description}`);
      onTokenRefused(refusal); // even when quiet: every screen would meet the same refusal
    } else if (response.status === 403) {
      if (!quiet) onForbidden(window.location.pathname + window.location.search + window.location.hash, error.code);
    } else console.warn(`API ${method} ${path} answered ${response.status}: ${error.message}`);
    throw error;
  } finally {
    onRequestFinished();
  }
}

/**
 * The file name of a Content-Disposition header (RFC 6266): `filename*` (RFC 8187, UTF-8) where given, which keeps
 * every letter, else the plain `filename`; null when it names none.
 */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: the plain name below is the one left.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name ? name : null;
}

const fileOf = (blob: Blob, headers: Headers): Blob => {
  const name = fileNameOf(headers.get('content-disposition'));
  return name === null ? blob : new File([blob], name, { type: blob.type });
};

function toApiError(status: number, data: unknown): ApiRequestError {
  const body = (typeof data === 'object' && data !== null ? data : {}) as {
    error?: string;
    message?: string;
    details?: { field: string; message: string }[];
  };
  return new ApiRequestError(status, body.error ?? 'http_error', body.message ?? `HTTP ${status}`, body.details ?? [], data ?? null);
}

type Input = { params?: Record<string, string | number>; query?: Query; body?: unknown };
type Args<E extends EndpointDescription> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** One endpoint of the contract, callable: typed inputs, typed answer, and its TanStack Query keys. */
export interface Caller<E extends EndpointDescription> {
  (...args: Args<E>): Promise<Answer<E>>;
  /** The query key of this call with these inputs: [scope, operationId, params, query]. */
  key: (...args: Args<E>) => readonly unknown[];
  /** The prefix of every key of this endpoint, whatever its inputs (to invalidate them all). */
  keyPrefix: readonly unknown[];
}

/** Only a route whose method, path and operationId are the endpoint's own is accepted for it. */
type RoutesOf<Api> = {
  readonly [K in keyof Api]: Api[K] extends EndpointDescription ? Route & Pick<Api[K], 'method' | 'path' | 'operationId'> : never;
};

/** A capability's endpoints, callable, with the key prefix its queries share (`scope`). */
export type ApiClient<Api> = { readonly [K in keyof Api]: Api[K] extends EndpointDescription ? Caller<Api[K]> : never } & {
  readonly scope: readonly [string];
};

/**
 * The web app's calls to one capability of the API. `Api` is the type of the contract's endpoints (imported with
 * `import type`, so no schema reaches the browser); `routes` are their schema-free routes. Every key starts with
 * `scope`, so a change can refresh a whole capability at once.
 */
export function apiClient<Api extends Record<string, EndpointDescription>>(scope: string, routes: RoutesOf<Api>): ApiClient<Api> {
  const callers: Record<string, unknown> = { scope: [scope] as const };
  for (const [name, route] of Object.entries(routes) as [string, Route][]) {
    const call = ({ params, query, body }: Input = {}) => {
      const path = pathOf(route, params);
      if (route.consumes) {
        const data = body as Blob;
        return request(route.method, path, { bytes: { data, type: data.type }, query });
      }
      return request(route.method, path, { json: body, query, answer: route.answersBytes ? 'blob' : 'json' });
    };
    const keyPrefix = [scope, route.operationId] as const;
    callers[name] = Object.assign(call, {
      keyPrefix,
      key: ({ params, query }: Input = {}) => [...keyPrefix, params ?? null, query ?? null] as const,
    });
  }
  return callers as ApiClient<Api>;
}
