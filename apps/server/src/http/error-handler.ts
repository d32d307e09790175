import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './http-error';

interface IssueLike {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: unknown; issue?: { path?: PropertyKey[]; message?: string } };
}

function fieldOf(issue: IssueLike, part: string): string {
  const path = issue.params?.issue?.path;
  if (path && path.length > 0) return path.map(String).join('.');
  const fromInstance = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  return fromInstance || part;
}

/** An unknown property is named by its own path (its issue's path is the enclosing object). */
function detailsOf(issue: IssueLike, part: string): { field: string; message: string }[] {
  const keys = issue.params?.keys;
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys) && keys.length > 0) {
    const parent = issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
    return keys.map((key) => ({ field: parent ? `${parent}.${String(key)}` : String(key), message: `Unknown property '${String(key)}'` }));
  }
  return [{ field: fieldOf(issue, part), message: issue.params?.issue?.message ?? issue.message ?? 'Invalid value' }];
}

/**
 * One error shape for the whole API (brief §5): { error, message, details? }. Validation names each
 * field; 5xx answers never carry a stack trace or SQL; the full error goes to the log instead.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ error: error.code, message: error.message, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'body';
      const details = (error.validation as IssueLike[]).flatMap((issue) => detailsOf(issue, part));
      const fields = [...new Set(details.map((d) => d.field))].join(', ');
      return reply.status(400).send({ error: 'validation_error', message: `Invalid value for ${fields}`, details });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type) keep their status.
      const code =
        status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : status === 429 ? 'rate_limited' : 'bad_request';
      return reply.status(status).send({ error: code, message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'internal_error', message: 'Something went wrong on our side' });
  });
}
