import { z } from 'zod';

export const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']), checks: z.record(z.string(), z.string()).optional() });
export type Health = z.infer<typeof HealthSchema>;
