import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Answer, EndpointDescription, ParamsOf, QueryOf } from '@gridlens/contract/endpoint';
import { urlOf, type Route } from '@gridlens/contract/route';

type QueryValue = string | number | boolean | null | undefined;

/**
 * A call of one endpoint: its path parameters, query and body, and the request's headers. The names are the
 * endpoint's (a misspelt parameter does not compile), the values are free, so a test can send a malformed
 * one on purpose: the server is what must refuse it.
 */
export interface EndpointCall<E extends EndpointDescription> {
  params?: { readonly [K in keyof ParamsOf<E>]: string | number };
  query?: { readonly [K in keyof QueryOf<E>]?: QueryValue };
  /** A JSON value, or the raw bytes of an upload (with its content-type among the headers). */
  body?: unknown;
  headers?: Record<string, string>;
}

/** The answer of an endpoint: `json()` reads the success answer's type unless told another (an error's). */
export interface EndpointResponse<E extends EndpointDescription> extends LightMyRequestResponse {
  json<T = Answer<E>>(): T;
}

/** Calls an endpoint of the app in-process, with the method and path its contract gives. */
export function inject<E extends EndpointDescription>(
  app: FastifyInstance,
  endpoint: E,
  { params, query, body, headers }: EndpointCall<E> = {},
): Promise<EndpointResponse<E>> {
  const options: InjectOptions = {
    method: endpoint.method,
    url: urlOf(endpoint, params, query),
  };
  if (headers) options.headers = headers;
  if (body !== undefined) options.payload = body as InjectOptions['payload'];
  return app.inject(options);
}

/** `GET /api/…/:id`: how a test names an endpoint. */
export const routeName = (route: Route): string => `${route.method} ${route.path}`;
