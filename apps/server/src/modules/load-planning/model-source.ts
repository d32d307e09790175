import {
  defaultEvModelParameters,
  defaultHpModelParameters,
  type EvModelParameters,
  type HpModelParameters,
} from '@gridlens/domain/load-models/model-parameters';
import { DEFAULT_MODEL_ID, seededModel } from '@gridlens/domain/load-models/model-defaults';

/**
 * Where the analyses get a tenant's EV and heat-pump models (null: no such model, which answers 404): the models'
 * own module (their stored lists and edits), through `storedModels`.
 */
export interface ModelSource {
  ev(tenantId: string, id: string): Promise<EvModelParameters | null>;
  hp(tenantId: string, id: string): Promise<HpModelParameters | null>;
}

/** What the analyses read of the models module (load-models.module.ts `models`): the stored lists, never seeding. */
interface StoredModelReader {
  stored(tenantId: string, kind: 'ev'): Promise<(EvModelParameters & { id: string; name: string })[]>;
  stored(tenantId: string, kind: 'hp'): Promise<(HpModelParameters & { id: string; name: string })[]>;
}

/** A model id is a UUID (load_models.id); anything else names no stored model, without asking the database. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The tenant's stored models (the EV modelling screen's lists) by id; `default` is the tenant's seeded model of the
 * kind (by its name), or its first model when that was renamed, or, for a tenant that has never listed its models
 * (so has none stored yet), the domain defaults the seed would store. Unknown ids answer null (404). Reads only:
 * an analysis is a GET and writes nothing.
 */
export function storedModels(models: StoredModelReader, defaultNames: { ev: string; hp: string }): ModelSource {
  const pick = <M extends { id: string; name: string }>(all: readonly M[], id: string, defaultName: string): M | null => {
    if (id === DEFAULT_MODEL_ID) return seededModel(all, defaultName) ?? null;
    return UUID.test(id) ? (all.find((m) => m.id.toLowerCase() === id.toLowerCase()) ?? null) : null;
  };
  const none = (all: readonly unknown[], id: string) => all.length === 0 && id === DEFAULT_MODEL_ID;
  return {
    ev: async (tenantId, id) => {
      const all = await models.stored(tenantId, 'ev');
      return none(all, id) ? { ...defaultEvModelParameters } : pick(all, id, defaultNames.ev);
    },
    hp: async (tenantId, id) => {
      const all = await models.stored(tenantId, 'hp');
      return none(all, id) ? { ...defaultHpModelParameters } : pick(all, id, defaultNames.hp);
    },
  };
}
