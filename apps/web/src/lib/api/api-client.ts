/**
 * The one place that talks HTTP to the API, implementing the specification's rules (§7, §8):
 * - bearer token and Tenant header, sent only when a token exists;
 * - success is 200 or 201 only, yielding the response data;
 * - 400 shows the 'Error' snackbar; 403 replaces the page with /error?redirect=<full path>;
 *   any other failure goes to the caller (and the log);
 * - a pending-request counter drives the loader, decremented after success and failure alike.
 */
export interface ApiSession {
  accessToken: string;
  tenant: string | null;
}

export interface ApiClientHooks {
  getSession: () => Promise<ApiSession | null>;
  onBadRequest: () => void;
  onForbidden: (redirectPath: string) => void;
  onRequestStarted: () => void;
  onRequestFinished: () => void;
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { field: string; message: string }[] = [],
  ) {
    super(message);
  }
}

let hooks: ApiClientHooks | null = null;

export function configureApiClient(next: ApiClientHooks): void {
  hooks = next;
}

type Query = Record<string, string | number | boolean | undefined>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
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

async function request<T>(method: string, path: string, { json, bytes, query, answer = 'json' }: RequestOptions = {}): Promise<T> {
  if (!hooks) throw new Error('configureApiClient() must run before the first request');
  const { getSession, onBadRequest, onForbidden, onRequestStarted, onRequestFinished } = hooks;
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
    if (answer === 'blob' && response.status === 200 && !isJson) return (await response.blob()) as T;
    const data: unknown = isJson ? await response.json() : undefined;
    if (response.status === 200 || response.status === 201) return data as T;
    const error = toApiError(response.status, data);
    if (response.status === 400) onBadRequest();
    else if (response.status === 403) onForbidden(window.location.pathname + window.location.search + window.location.hash);
    else console.warn(`API ${method} ${path} answered ${response.status}: ${error.message}`);
    throw error;
  } finally {
    onRequestFinished();
  }
}

function toApiError(status: number, data: unknown): ApiRequestError {
  const body = (typeof data === 'object' && data !== null ? data : {}) as {
    error?: string;
    message?: string;
    details?: { field: string; message: string }[];
  };
  return new ApiRequestError(status, body.error ?? 'http_error', body.message ?? `HTTP ${status}`, body.details ?? []);
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { json: body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { json: body }),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { json: body }),
  /** POSTs raw bytes (an image) with their content type. */
  upload: <T>(path: string, data: Blob, type: string, query?: Query) => request<T>('POST', path, { bytes: { data, type }, query }),
  /** GETs raw bytes (an image): it needs the token and Tenant header, so an <img src> cannot fetch it. */
  blob: (path: string) => request<Blob>('GET', path, { answer: 'blob' }),
};
