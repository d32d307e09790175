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
