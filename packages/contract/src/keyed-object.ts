import { z } from 'zod';

/**
 * An object with one property per key, all of one schema: what `z.record(z.enum(keys), value)` means, written so
 * that the OpenAPI document names every property (a record documents its keys as required but defines none).
 */
export function keyedObject<const K extends readonly [string, ...string[]], V extends z.ZodType>(keys: K, value: V) {
  return z.object(Object.fromEntries(keys.map((key) => [key, value])) as { [P in K[number]]: V });
}
