import { seededNameKey } from '@gridlens/domain/load-models/model-defaults';
import type { ModelKind } from '@/lib/api/load-models';

/** A model's name as shown: the seeded names in the user's language, a typed name as typed. */
export function modelName(t: (key: string) => string, kind: ModelKind, name: string): string {
  const key = seededNameKey(kind, name);
  return key ? t(key) : name;
}

/**
 * The name to store from the form's name field: the seeded model's name shown in the user's language and left as it
 * was stays the seeded name (so that it reads in every language), anything typed is stored as typed.
 */
export function storedName(t: (key: string) => string, kind: ModelKind, storedBefore: string | null, typed: string): string {
  return storedBefore !== null && seededNameKey(kind, storedBefore) && typed === modelName(t, kind, storedBefore) ? storedBefore : typed;
}
