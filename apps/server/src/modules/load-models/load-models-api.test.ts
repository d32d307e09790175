import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { evModelsApi as ev, hpModelsApi as hp, type EvModel, type HpModel } from '@gridlens/contract/load-models';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import type { ApiError } from '@gridlens/contract/errors';
import { defaultEvModelParameters, defaultHpModelParameters } from '@gridlens/domain/load-models/model-parameters';
import type { Database } from '../../db/database';
import { expectValidationError } from '../../../test/support/api-assertions';
import { inject, type EndpointCall } from '../../../test/support/inject';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';
import { createTenantsModule } from '../tenants/tenants.module';
import { createLoadModelsModule } from './load-models.module';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const EV_BODY = { ...defaultEvModelParameters, name: 'Estate 2030', chargeDurationWeekdayHours: 3.5, commuterStatus: 'non_commuter' };
const HP_BODY = { ...defaultHpModelParameters, name: 'Cold snap', extremeScenario: true, hybridPercent: 35 };

for (const backend of TEST_DATABASES) {
  describe(`load models API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    const tokens: Record<string, string> = {};
    const call = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}, tenant = 'netzero') =>
      inject(app, endpoint, { ...request, headers: authHeaders(tokens[tenant] ?? '', tenant) });
    const message = (response: { json: <T>() => T }) => response.json<ApiError>().details?.[0]?.message;

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      for (const tenant of ['netzero', 'gridwest', 'fleetco', 'fresh'])
        tokens[tenant] = await created.issuer.token({ sub: `u-${tenant}`, tenant });
    });

    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('gives each power-data tenant one default model of each kind, from the domain defaults', async () => {
      const evs = (await call(ev.list)).json<EvModel[]>();
      const hps = (await call(hp.list)).json<HpModel[]>();
      expect(evs).toHaveLength(1);
      expect(evs[0]).toMatchObject({ ...defaultEvModelParameters, name: 'Default EV model' });
      expect(hps).toHaveLength(1);
      expect(hps[0]).toMatchObject({ ...defaultHpModelParameters, name: 'Default HP model' });
      // Listing again adds nothing.
      expect((await call(ev.list)).json()).toHaveLength(1);
    });

    it('gives a power-data tenant created after the migration its defaults on its first read', async () => {
      await db.query("INSERT INTO tenants (id, name, type, powerdata_type, tabs) VALUES ('fresh', 'Fresh', 'powerdata', 'netzero', '[]')");
      const rows = async () =>
        (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM load_models WHERE tenant_id = 'fresh'"))[0]?.n;
      expect(await rows()).toBe(0);
      const hps = (await call(hp.list, {}, 'fresh')).json<HpModel[]>();
      expect(hps.map((m) => m.name)).toEqual(['Default HP model']);
      expect((await call(ev.list, {}, 'fresh')).json<EvModel[]>().map((m) => m.name)).toEqual(['Default EV model']);
      expect(await rows()).toBe(2);
    });

    it('answers 400 naming the field, in the specification words, and stores nothing', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '' }, 'name', 'This field is required'],
        [{ name: '   ' }, 'name', 'This field is required'],
        [{ name: 'x'.repeat(50) }, 'name', 'Must be less than 50 characters'],
        [{ chargeRateWeekdayPercent: 101 }, 'chargeRateWeekdayPercent', 'Number has to be between 0 and 100'],
        [{ bevPercent: -1 }, 'bevPercent', 'Number has to be between 0 and 100'],
        [{ chargeDurationWeekdayHours: 0 }, 'chargeDurationWeekdayHours', 'Value should be greater than 0'],
        [{ chargeDurationWeekendHours: 24 }, 'chargeDurationWeekendHours', 'Value should be less than 24'],
        [{ confidenceLevelPercent: 100 }, 'confidenceLevelPercent', 'Value should be less than 100'],
        [{ arrivalMeanHour: 24 }, 'arrivalMeanHour', 'Value should be less than 24'],
        [{ arrivalSdHours: 0 }, 'arrivalSdHours', 'Value should be greater than 0'],
      ];
      for (const [change, field, text] of cases) {
        const response = await call(ev.create, { body: { ...EV_BODY, ...change } });
        expectValidationError(response, field);
        expect(message(response)).toBe(text);
      }
      expectValidationError(await call(ev.create, { body: { ...EV_BODY, dayType: 'holiday' } }), 'dayType');
      expectValidationError(await call(ev.create, { body: { ...EV_BODY, currentEvSharePercent: undefined } }), 'currentEvSharePercent');
      expectValidationError(await call(ev.create, { body: { ...EV_BODY, colour: 'red' } }), 'colour');
      const cold = await call(hp.create, { body: { ...HP_BODY, extremeDayMeanTemperatureC: -30 } });
      expectValidationError(cold, 'extremeDayMeanTemperatureC');
      expect(message(cold)).toBe('Value should be at least -25');
      expectValidationError(await call(hp.create, { body: { ...HP_BODY, detachedPercent: 140 } }), 'detachedPercent');
      expectValidationError(await call(hp.create, { body: { ...HP_BODY, extremeScenario: 'yes' } }), 'extremeScenario');
      expect((await call(ev.list)).json()).toHaveLength(1);
      expect((await call(hp.list)).json()).toHaveLength(1);
    });

    it('creates, reads, replaces and deletes an EV model; a deleted model answers 404', async () => {
      const created = await call(ev.create, { body: EV_BODY });
      expect(created.statusCode, created.body).toBe(201);
      const model = created.json<EvModel>();
      expect(model).toMatchObject(EV_BODY);
      expect((await call(ev.get, { params: { id: model.id } })).json()).toEqual(model);
      const replaced = await call(ev.update, {
        params: { id: model.id },
        body: { ...EV_BODY, name: 'Estate 2031', bevPercent: 90 },
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json<EvModel>()).toMatchObject({ id: model.id, name: 'Estate 2031', bevPercent: 90 });
      expect((await call(ev.list)).json<EvModel[]>().map((m) => m.name)).toEqual(['Default EV model', 'Estate 2031']);
      expect((await call(ev.remove, { params: { id: model.id } })).json()).toEqual({ ok: true });
      expect((await call(ev.get, { params: { id: model.id } })).statusCode).toBe(404);
      expect((await call(ev.remove, { params: { id: model.id } })).statusCode).toBe(404);
    });

    it('creates and replaces an HP model with its extreme scenario', async () => {
      const model = (await call(hp.create, { body: HP_BODY })).json<HpModel>();
      expect(model).toMatchObject({ extremeScenario: true, hybridPercent: 35, extremeDayMeanTemperatureC: -5 });
      const replaced = await call(hp.update, { params: { id: model.id }, body: { ...HP_BODY, bivalentTemperatureC: -3.5 } });
      expect(replaced.json<HpModel>().bivalentTemperatureC).toBe(-3.5);
      expect((await call(hp.remove, { params: { id: model.id } })).statusCode).toBe(200);
    });

    it('reads a parameter missing from a stored model as its default, and sends no stored field the contract lacks', async () => {
      const model = (await call(ev.create, { body: { ...EV_BODY, name: 'Older', arrivalSdHours: 3 } })).json<EvModel>();
      // As a model saved before a parameter existed, or holding one since retired.
      await db.query(`UPDATE load_models SET parameters = (parameters - 'arrivalSdHours') || '{"retired": 1}' WHERE id = $1`, [model.id]);
      const read = await call(ev.get, { params: { id: model.id } });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json<EvModel>().arrivalSdHours).toBe(defaultEvModelParameters.arrivalSdHours);
      expect(read.json()).not.toHaveProperty('retired');
      expect((await call(ev.remove, { params: { id: model.id } })).statusCode).toBe(200);
    });

    it('keeps names unique per tenant and kind, whatever their case (409 naming name)', async () => {
      const clash = await call(ev.create, { body: { ...EV_BODY, name: 'default ev MODEL' } });
      expect(clash.statusCode).toBe(409);
      expect(clash.json<ApiError>().details?.map((d) => d.field)).toEqual(['name']);
      const other = (await call(ev.create, { body: { ...EV_BODY, name: 'Other' } })).json<EvModel>();
      const renamed = await call(ev.update, { params: { id: other.id }, body: { ...EV_BODY, name: 'Default EV model' } });
      expect(renamed.statusCode).toBe(409);
      // The same name is free in the other kind and in another tenant.
      expect((await call(hp.create, { body: { ...HP_BODY, name: 'Other' } })).statusCode).toBe(201);
      expect((await call(ev.create, { body: { ...EV_BODY, name: 'Other' } }, 'gridwest')).statusCode).toBe(201);
    });

    it('refuses to delete the last model of a kind (409) and deletes it once another exists', async () => {
      const [only] = (await call(ev.list, {}, 'fresh')).json<EvModel[]>();
      const refused = await call(ev.remove, { params: { id: only?.id ?? '' } }, 'fresh');
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ApiError>().error).toBe('conflict');
      const second = (await call(ev.create, { body: EV_BODY }, 'fresh')).json<EvModel>();
      expect((await call(ev.remove, { params: { id: only?.id ?? '' } }, 'fresh')).statusCode).toBe(200);
      expect((await call(ev.list, {}, 'fresh')).json<EvModel[]>().map((m) => m.id)).toEqual([second.id]);
    });

    it("answers 404 for another tenant's model, an unknown id and the other kind's id, and changes nothing", async () => {
      const mine = (await call(ev.create, { body: { ...EV_BODY, name: 'Mine' } })).json<EvModel>();
      const [hpModel] = (await call(hp.list)).json<HpModel[]>();
      expect((await call(ev.get, { params: { id: mine.id } }, 'gridwest')).statusCode).toBe(404);
      expect((await call(ev.update, { params: { id: mine.id }, body: EV_BODY }, 'gridwest')).statusCode).toBe(404);
      expect((await call(ev.remove, { params: { id: mine.id } }, 'gridwest')).statusCode).toBe(404);
      expect((await call(ev.get, { params: { id: UNKNOWN_ID } })).statusCode).toBe(404);
      expect((await call(ev.get, { params: { id: hpModel?.id ?? '' } })).statusCode).toBe(404);
      expect((await call(hp.remove, { params: { id: mine.id } })).statusCode).toBe(404);
      expect((await call(ev.list, {}, 'gridwest')).json<EvModel[]>().map((m) => m.name)).not.toContain('Mine');
      expect((await call(ev.get, { params: { id: mine.id } })).json<EvModel>().name).toBe('Mine');
      expectValidationError(await call(ev.get, { params: { id: 'not-a-uuid' } }), 'id');
    });

    it('answers 404 to a tracking tenant on every model call, and gives it no models', async () => {
      const [someModel] = (await call(ev.list)).json<EvModel[]>();
      const id = someModel?.id ?? '';
      expect((await call(ev.list, {}, 'fleetco')).statusCode).toBe(404);
      expect((await call(hp.list, {}, 'fleetco')).statusCode).toBe(404);
      expect((await call(ev.create, { body: EV_BODY }, 'fleetco')).statusCode).toBe(404);
      expect((await call(ev.get, { params: { id } }, 'fleetco')).statusCode).toBe(404);
      expect((await call(ev.update, { params: { id }, body: EV_BODY }, 'fleetco')).statusCode).toBe(404);
      expect((await call(ev.remove, { params: { id } }, 'fleetco')).statusCode).toBe(404);
      expect(await db.query("SELECT id FROM load_models WHERE tenant_id = 'fleetco'")).toEqual([]);
    });

    it('tells the analyses when a model was edited or deleted, and only then', async () => {
      const changed: string[] = [];
      const { models } = createLoadModelsModule({
        db,
        keepsPowerData: createTenantsModule({ db }).keepsPowerData,
        modelChanged: (tenantId) => Promise.resolve(void changed.push(tenantId)),
      });
      const made = await models.create('netzero', 'ev', { ...defaultEvModelParameters, name: 'Signalled' });
      await models.list('netzero', 'hp');
      expect(changed).toEqual([]);
      await models.update('netzero', 'ev', made.id, { ...defaultEvModelParameters, name: 'Signalled', currentEvSharePercent: 9 });
      expect(changed).toEqual(['netzero']);
      // A refused edit changes nothing and says nothing.
      await expect(models.update('gridwest', 'ev', made.id, { ...defaultEvModelParameters, name: 'Theirs' })).rejects.toThrow();
      expect(changed).toEqual(['netzero']);
      await models.remove('netzero', 'ev', made.id);
      expect(changed).toEqual(['netzero', 'netzero']);
    });
  });
}
