/** An error that answers with its own status and a message safe to show users. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: { field: string; message: string }[],
  ) {
    super(message);
  }
}

export function validationError(details: { field: string; message: string }[]): HttpError {
  const fields = details.map((d) => d.field).join(', ');
  return new HttpError(400, 'validation_error', `Invalid value for ${fields}`, details);
}

export function notFound(what: string): HttpError {
  return new HttpError(404, 'not_found', `${what} not found`);
}
