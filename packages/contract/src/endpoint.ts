import { z } from 'zod';
import { ApiErrorSchema } from './errors';
import type { Route } from './route';

/**
 * An endpoint described once: its route (method, path, operationId, security; `route.ts`), its documentation
 * (summary, description, tags) and its schemas (path parameters, query, body and every answer). The server binds its handler to it
 * (`apps/server/src/http/bind-endpoint.ts`), the web app calls its route and types the answer from it
 * (`apps/web/src/lib/api/api-client.ts`), tests build their requests from it, and the OpenAPI document at
 * /api/docs is generated from it.
 */
export interface EndpointSchemas {
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /**
   * The body as the OpenAPI document shows it, where the server validates it more loosely on purpose (the
   * ingest batch: each message is checked on its own, so that one bad message does not reject the others).
   */
  readonly documentedBody?: z.ZodType;
  /** Every answer by status; the one 2xx status is the success answer. */
  readonly responses: Readonly<Record<number, z.ZodType | RawAnswer>>;
}

/** A success answer that is raw bytes (an image) rather than JSON: its media types, for the OpenAPI document. */
export interface RawAnswer {
  readonly description: string;
  readonly content: Readonly<Record<string, { schema: z.ZodType }>>;
}

export type EndpointDescription = Route & EndpointSchemas;

/** The error answers every endpoint of a kind can give, added to those it declares. */
function standardErrors(route: Route, schemas: EndpointSchemas): Record<number, z.ZodType> {
  const errors: Record<number, z.ZodType> = {};
  if (schemas.params || schemas.query || schemas.body) errors[400] = ApiErrorSchema;
  if (route.security !== 'public') errors[401] = ApiErrorSchema;
  if (route.security === 'tenant' || route.security === 'installer') {
    errors[403] = ApiErrorSchema;
    // The bearer token cannot be judged while an external identity provider's keys cannot be fetched.
    errors[503] = ApiErrorSchema;
  }
  if (schemas.params) errors[404] = ApiErrorSchema;
  return errors;
}

/** Completes a route with its documentation and schemas; its standard error answers (400, 401, 403, 404, 503 as they apply) are added. */
export function endpoint<const R extends Route, const S extends EndpointSchemas>(route: R, schemas: S): R & S {
  return { ...route, ...schemas, responses: { ...standardErrors(route, schemas), ...schemas.responses } };
}

type SuccessCode = 200 | 201 | 204;
type SuccessSchema<E extends EndpointDescription> = E['responses'][Extract<keyof E['responses'], SuccessCode>];

/** The success answer as the caller receives it (a Blob when it is raw bytes). */
export type Answer<E extends EndpointDescription> = SuccessSchema<E> extends z.ZodType ? z.output<SuccessSchema<E>> : Blob;
/** The success answer as the handler may return it (before the schema's defaults and transforms). */
export type AnswerInput<E extends EndpointDescription> = SuccessSchema<E> extends z.ZodType ? z.input<SuccessSchema<E>> : never;

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
/** Path parameters, query and body as the server's handler receives them (parsed and validated). */
export type ParamsOf<E extends EndpointDescription> = OutputOf<E['params']>;
export type QueryOf<E extends EndpointDescription> = OutputOf<E['query']>;
export type BodyOf<E extends EndpointDescription> = OutputOf<E['body']>;

type Part<Key extends string, S> = S extends z.ZodType
  ? object extends z.input<S>
    ? { [K in Key]?: InputOf<S> }
    : { [K in Key]: InputOf<S> }
  : { [K in Key]?: never };

/** What a caller passes: path parameters, query and body, each required when the endpoint has required fields. */
export type CallInput<E extends EndpointDescription> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  (E['consumes'] extends readonly string[] ? { body: Blob } : Part<'body', E['body']>);

/** The 2xx status of an endpoint's success answer. */
export function successStatus(description: EndpointDescription): number {
  const status = Object.keys(description.responses)
    .map(Number)
    .find((code) => code >= 200 && code < 300);
  if (status === undefined) throw new Error(`${description.operationId} declares no success answer`);
  return status;
}

/** The answer `{ ok: true }` of a call that changes something and has nothing else to say. */
export const DoneSchema = z.object({ ok: z.literal(true) }).meta({ id: 'Done' });
export type Done = z.infer<typeof DoneSchema>;
