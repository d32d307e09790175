import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import type { ZodType } from 'zod';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { SECURITY_REQUIREMENTS } from '@gridlens/contract/route';
import {
  successStatus,
  type AnswerInput,
  type BodyOf,
  type EndpointDescription,
  type ParamsOf,
  type QueryOf,
} from '@gridlens/contract/endpoint';
import { unstorableInput } from '@gridlens/contract/storable-input';
import { validationError } from './http-error';

/** A request to an endpoint, its path parameters, query and body parsed and validated by the endpoint's schemas. */
export type EndpointRequest<E extends EndpointDescription> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

/**
 * A handler returns the success answer, which the endpoint's schema serialises (or the route's own serializer);
 * a handler that sends something else (image bytes) sends it through the reply and returns the reply.
 */
export type EndpointHandler<E extends EndpointDescription> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => AnswerInput<E> | FastifyReply | Promise<AnswerInput<E> | FastifyReply>;

/** Fastify's own route options that stay the route's to choose: hot serialisers, limits, early hooks, compression. */
export type RouteOptions = Pick<RouteShorthandOptions, 'serializerCompiler' | 'preParsing' | 'bodyLimit' | 'config' | 'compress'>;

/**
 * Registers the handler of an endpoint described in the contract: its method and path, its schemas for
 * validation and serialisation, and its OpenAPI summary, operationId, tags and security all come from the
 * description. The success status (200 or 201) is the endpoint's, so handlers only return the answer.
 */
export function bindEndpoint<E extends EndpointDescription>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: RouteOptions = {},
): void {
  const status = successStatus(endpoint);
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      tags: [...endpoint.tags],
      security: SECURITY_REQUIREMENTS[endpoint.security].map((requirement) => ({ ...requirement })),
      ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.documentedBody ?? endpoint.body } : {}),
      response: endpoint.responses,
    },
    // A body documented more strictly than it is validated: the route validates it with the endpoint's own body.
    ...(endpoint.documentedBody ? { validatorCompiler: validatingBodyWith(endpoint.body) } : {}),
    // Before the schemas: no NUL, no half characters, no deep nesting anywhere (storable-input.ts). A body
    // validated loosely on purpose (ingest's batch) is judged message by message instead, by its own service;
    // raw bytes (an upload) are not text.
    preValidation: (request, _reply, done) => done(unstorableInputError(request, !endpoint.documentedBody && !endpoint.consumes)),
    handler: (request, reply) => {
      if (status !== 200) void reply.status(status);
      return handler(request as unknown as EndpointRequest<E>, reply);
    },
  });
}

/** A 400 naming every field of the request that the database could not store or the server could not walk. */
function unstorableInputError(request: FastifyRequest, withBody: boolean): Error | undefined {
  const problems = [
    ...unstorableInput(request.params, 'params'),
    ...unstorableInput(request.query, 'query'),
    ...(withBody ? unstorableInput(request.body, 'body') : []),
  ];
  return problems.length > 0 ? validationError(problems) : undefined;
}

/** Fastify's Zod validator for every part of a request, but the body validated with the given schema. */
function validatingBodyWith(body: EndpointDescription['body']) {
  return (route: FastifyRouteSchemaDef<unknown>) =>
    validatorCompiler({ ...route, schema: route.httpPart === 'body' && body ? body : (route.schema as ZodType) });
}
