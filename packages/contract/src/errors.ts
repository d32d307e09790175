import { z } from 'zod';

/** Every error the API returns (brief §5): a code, a human message, and for validation the bad fields. */
export const ApiErrorSchema = z
  .object({
    error: z.string().describe('Machine-readable code, e.g. validation_error, unauthorized, forbidden, not_found'),
    message: z.string(),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const errorResponses = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
} as const;

/**
 * Spec §5's message for a number outside its bounds, worded as the rule is: a bound the value may equal reads
 * "at least" / "at most" (−1 against a minimum of 0 that accepts 0), one it may not reads "greater than" / "less than".
 */
export function boundMessage(side: 'below' | 'above', bound: number, inclusive: boolean): string {
  if (side === 'below') return inclusive ? `Value should be at least ${bound}` : `Value should be greater than ${bound}`;
  return inclusive ? `Value should be at most ${bound}` : `Value should be less than ${bound}`;
}
