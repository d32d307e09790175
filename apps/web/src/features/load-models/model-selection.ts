import type { ModelKind } from '@/lib/api/load-models';

/**
 * What the EV modelling screen shows lives in its URL, so that a view can be shared and the back button works:
 * `model=ev:<id>` opens a model's detail, `edit=ev:<id>` its form and `edit=hp:new` a new heat-pump model's form.
 */
export interface ModelRef {
  kind: ModelKind;
  /** null: a new model (edit=…:new only). */
  id: string | null;
}

export function parseModelRef(text: string | null, allowNew: boolean): ModelRef | null {
  const match = /^(ev|hp):(.+)$/.exec(text ?? '');
  if (!match) return null;
  const [, kind, id] = match as unknown as [string, ModelKind, string];
  if (id === 'new') return allowNew ? { kind, id: null } : null;
  return { kind, id };
}

export const modelRefText = ({ kind, id }: ModelRef): string => `${kind}:${id ?? 'new'}`;
