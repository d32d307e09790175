import type { EvModel, EvModelBody, HpModel, HpModelBody } from '@gridlens/contract/load-models';
import { DEFAULT_EV_MODEL_NAME, DEFAULT_HP_MODEL_NAME } from '@gridlens/domain/load-models/model-defaults';
import { defaultEvModelParameters, defaultHpModelParameters } from '@gridlens/domain/load-models/model-parameters';
import { HttpError, notFound } from '../../http/http-error';
import { isoOf } from '../../http/iso-timestamp';
import type { LoadModelRow, LoadModelsRepository, ModelKind } from './load-models.repository';

interface ModelTypes {
  ev: { body: EvModelBody; model: EvModel };
  hp: { body: HpModelBody; model: HpModel };
}

const KINDS = {
  ev: { label: 'EV model', defaultName: DEFAULT_EV_MODEL_NAME, defaults: defaultEvModelParameters },
  hp: { label: 'HP model', defaultName: DEFAULT_HP_MODEL_NAME, defaults: defaultHpModelParameters },
} as const;

interface Deps {
  models: LoadModelsRepository;
  /** Whether the tenant is a power-data one: load models are about transformers, which tracking tenants have none of. */
  isPowerTenant: (tenantId: string) => Promise<boolean>;
  /** Told after a model of the tenant was edited or deleted: the analyses it ran are no longer wanted. */
  changed?: (tenantId: string) => Promise<void>;
}

const nameTaken = () =>
  new HttpError(409, 'conflict', 'A model of this kind with this name already exists', [
    { field: 'name', message: 'A model with this name already exists' },
  ]);

/**
 * EV and HP models of power-data tenants. Another tenant's model answers 404, as an unknown one does; so does
 * every call of a tracking tenant. A tenant's first read of a kind gives it the default model of that kind, and
 * the last model of a kind cannot be deleted, so that an analysis always has a model to run.
 */
export function createLoadModelsService({ models, isPowerTenant, changed = () => Promise.resolve() }: Deps) {
  const requirePowerTenant = async (tenantId: string) => {
    if (!(await isPowerTenant(tenantId))) throw notFound('Load model');
  };

  /** The stored parameters over the defaults: a parameter added after a model was saved reads as its default. */
  const modelOf = <K extends ModelKind>(kind: K, row: LoadModelRow): ModelTypes[K]['model'] => ({
    ...KINDS[kind].defaults,
    ...row.parameters,
    id: row.id,
    name: row.name,
    createdAt: isoOf(row.created_at),
    updatedAt: isoOf(row.updated_at),
  });

  const split = <K extends ModelKind>(body: ModelTypes[K]['body']) => {
    const { name, ...parameters } = body;
    return { name, parameters };
  };

  const ensureDefault = (tenantId: string, kind: ModelKind) =>
    models.insertIfNone(tenantId, kind, KINDS[kind].defaultName, KINDS[kind].defaults);

  return {
    async list<K extends ModelKind>(tenantId: string, kind: K): Promise<ModelTypes[K]['model'][]> {
      await requirePowerTenant(tenantId);
      let rows = await models.list(tenantId, kind);
      if (rows.length === 0) {
        await ensureDefault(tenantId, kind);
        rows = await models.list(tenantId, kind);
      }
      return rows.map((row) => modelOf(kind, row));
    },

    /** The tenant's models of a kind as stored, without giving it the defaults (for the analyses: a GET writes nothing). */
    async stored<K extends ModelKind>(tenantId: string, kind: K): Promise<ModelTypes[K]['model'][]> {
      await requirePowerTenant(tenantId);
      return (await models.list(tenantId, kind)).map((row) => modelOf(kind, row));
    },

    async get<K extends ModelKind>(tenantId: string, kind: K, id: string): Promise<ModelTypes[K]['model']> {
      await requirePowerTenant(tenantId);
      const row = await models.find(tenantId, kind, id);
      if (!row) throw notFound(KINDS[kind].label);
      return modelOf(kind, row);
    },

    async create<K extends ModelKind>(tenantId: string, kind: K, body: ModelTypes[K]['body']): Promise<ModelTypes[K]['model']> {
      await requirePowerTenant(tenantId);
      // The default comes first, so that a tenant's first model is never its only one by accident of order.
      await ensureDefault(tenantId, kind);
      const { name, parameters } = split<K>(body);
      const row = await models.insert(tenantId, kind, name, parameters);
      if (!row) throw nameTaken();
      return modelOf(kind, row);
    },

    async update<K extends ModelKind>(tenantId: string, kind: K, id: string, body: ModelTypes[K]['body']): Promise<ModelTypes[K]['model']> {
      await requirePowerTenant(tenantId);
      const { name, parameters } = split<K>(body);
      const result = await models.update(tenantId, kind, id, name, parameters);
      if (result === 'missing') throw notFound(KINDS[kind].label);
      if (result === 'nameTaken') throw nameTaken();
      await changed(tenantId);
      return modelOf(kind, result);
    },

    async remove(tenantId: string, kind: ModelKind, id: string): Promise<void> {
      await requirePowerTenant(tenantId);
      const result = await models.remove(tenantId, kind, id);
      if (result === 'missing') throw notFound(KINDS[kind].label);
      if (result === 'last') throw new HttpError(409, 'conflict', `The last ${KINDS[kind].label} of a tenant cannot be deleted`);
      await changed(tenantId);
    },
  };
}
export type LoadModelsService = ReturnType<typeof createLoadModelsService>;
