import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ApiError } from '@gridlens/contract/errors';

/** A 400 that names `field` in its message and its details, gives each detail a message, and leaks no stack. */
export function expectValidationError(response: LightMyRequestResponse, field: string): void {
  expect(response.statusCode).toBe(400);
  const body = response.json<ApiError>();
  expect(body.error).toBe('validation_error');
  expect(body.message).toContain(field);
  expect(body.details?.map((d) => d.field)).toContain(field);
  for (const detail of body.details ?? []) expect(detail.message.length).toBeGreaterThan(0);
  expect(response.body).not.toMatch(/stack/i);
}
