// The seeded models' parameters are the engines' documented defaults (model-parameters.ts, with their sources).

/** The names of the seeded models (each tenant may rename them; a later seed never adds them twice). */
export const DEFAULT_EV_MODEL_NAME = 'Default EV model';
export const DEFAULT_HP_MODEL_NAME = 'Default HP model';

/** The model id an analysis takes for the tenant's seeded model of a kind, until a user picks one. */
export const DEFAULT_MODEL_ID = 'default';

/** The tenant's seeded model among its models of a kind: the one with the seeded name, or its first once renamed. */
export function seededModel<M extends { name: string }>(models: readonly M[], seededName: string): M | undefined {
  return models.find((m) => m.name === seededName) ?? models[0];
}
