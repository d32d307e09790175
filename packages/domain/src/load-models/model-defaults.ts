// The seeded models' parameters are the engines' documented defaults (model-parameters.ts, with their sources).

/** The names of the seeded models (each tenant may rename them; a later seed never adds them twice). */
export const DEFAULT_EV_MODEL_NAME = 'Default EV model';
export const DEFAULT_HP_MODEL_NAME = 'Default HP model';

/** The seeded name of each kind, as stored. */
export const SEEDED_MODEL_NAMES = { ev: DEFAULT_EV_MODEL_NAME, hp: DEFAULT_HP_MODEL_NAME } as const;

/**
 * The catalogue key a model's name is shown with, when it is the seeded name as stored (issue 27: the seeded names
 * read in the user's language); null for a name a user typed, which is shown as typed. A user who renames the seeded
 * model gets their own name; typing the seeded English name exactly gives the translated one back, as it names the
 * same thing.
 */
export function seededNameKey(kind: 'ev' | 'hp', name: string): string | null {
  return name === SEEDED_MODEL_NAMES[kind] ? `loadModels.seededNames.${kind}` : null;
}

/** The model id an analysis takes for the tenant's seeded model of a kind, until a user picks one. */
export const DEFAULT_MODEL_ID = 'default';

/** The tenant's seeded model among its models of a kind: the one with the seeded name, or its first once renamed. */
export function seededModel<M extends { name: string }>(models: readonly M[], seededName: string): M | undefined {
  return models.find((m) => m.name === seededName) ?? models[0];
}
