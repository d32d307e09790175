import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { powerAlertsApi as api, type PowerAlertRule } from '@gridlens/contract/alerts';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import type { ApiError } from '@gridlens/contract/errors';
import type { Database } from '../../db/database';
import { expectValidationError } from '../../../test/support/api-assertions';
import { inject, routeName, type EndpointCall } from '../../../test/support/inject';
import { countRows, ingest, minutesBefore, reading, registerDevice, registerDeviceWithKey } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

for (const backend of TEST_DATABASES) {
  describe(`power-data alerts API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let otherToken: string;
    let key: string;
    const now = Date.now();
    const at = (minutesAgo: number) => minutesBefore(now, minutesAgo);
    const call = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}, t = token, tenant = 'netzero') =>
      inject(app, endpoint, { ...request, headers: authHeaders(t, tenant) });
    const createRule = async (body: Record<string, unknown>) => {
      const response = await call(api.create, { body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    const active = async (query: EndpointCall<typeof api.active>['query'] = {}) => (await call(api.active, { query })).json();
    const outbox = (alertId: string) =>
      countRows(db, 'SELECT n.id FROM alert_notifications n JOIN alert_occurrences o ON o.id = n.occurrence_id WHERE o.alert_id = $1', [
        alertId,
      ]);
    const send = async (messages: unknown[]) => {
      const response = await ingest(app, key, messages);
      expect(response.statusCode).toBe(200);
      return response.json();
    };

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      token = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      otherToken = await created.issuer.token({ sub: 'u9', tenant: 'gridwest' });
      key = await registerDeviceWithKey(app, token, 'netzero', { device_id: 'AL-HOT' });
      await registerDevice(app, token, 'netzero', { device_id: 'AL-POLE', device_type: 'Pole Mount' });
      await registerDevice(app, token, 'netzero', { device_id: 'AL-GROUND', device_type: 'Ground Mount' });
      await registerDevice(app, otherToken, 'gridwest', { device_id: 'GW-AL' });
    });

    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    describe('rules and recipients', () => {
      it('answers 400 naming the field for every invalid rule, and stores none of them', async () => {
        const valid = { device_id: 'AL-HOT', trigger_field: 'temperature_max', trigger_operator: '>', trigger_value: 90 };
        const before = (await call(api.list)).json().length;
        expectValidationError(await call(api.create, { body: { ...valid, trigger_field: 'voltage' } }), 'trigger_field');
        expectValidationError(await call(api.create, { body: { ...valid, trigger_operator: '=>' } }), 'trigger_operator');
        expectValidationError(await call(api.create, { body: { ...valid, trigger_value: undefined } }), 'trigger_value');
        const hot = await call(api.create, { body: { ...valid, trigger_value: 200 } });
        expectValidationError(hot, 'trigger_value');
        expect(hot.json<ApiError>().details?.[0]?.message).toBe('Value should be at most 150');
        const percent = await call(api.create, { body: { ...valid, trigger_field: 'imbalance', trigger_value: 101 } });
        expect(percent.json<ApiError>().details?.[0]?.message).toBe('Number has to be between 0 and 100');
        expectValidationError(await call(api.create, { body: { ...valid, device_id: 'NO-SUCH' } }), 'device_id');
        expectValidationError(await call(api.create, { body: { ...valid, device_id: 'GW-AL' } }), 'device_id'); // another tenant's
        expectValidationError(await call(api.create, { body: { ...valid, device_type: 'Pole Mount' } }), 'device_type');
        expect((await call(api.list)).json()).toHaveLength(before);
      });

      it('creates, reads, replaces and deletes a rule; a deleted rule answers 404', async () => {
        const rule = await createRule({ device_id: null, trigger_field: 'total_power', trigger_operator: '>=', trigger_value: 500 });
        expect(rule).toMatchObject({ device_id: null, device_type: null, notify_on_clear: false, recipient_count: 0, active_count: 0 });
        const replaced = await call(api.update, {
          params: { id: rule.alert_id },
          body: { device_id: 'AL-HOT', trigger_field: 'imbalance', trigger_operator: '<', trigger_value: 5 },
        });
        expect(replaced.statusCode).toBe(200);
        expect(replaced.json()).toMatchObject({
          device_id: 'AL-HOT',
          trigger_field: 'imbalance',
          trigger_operator: '<',
          trigger_value: 5,
        });
        expect((await call(api.get, { params: { id: rule.alert_id } })).json().trigger_field).toBe('imbalance');
        expect((await call(api.remove, { params: { id: rule.alert_id } })).statusCode).toBe(200);
        expect((await call(api.get, { params: { id: rule.alert_id } })).statusCode).toBe(404);
        expect((await call(api.remove, { params: { id: rule.alert_id } })).statusCode).toBe(404);
      });

      it('keeps recipients per rule, with the specification messages for bad ones', async () => {
        const rule = await createRule({ device_id: 'AL-HOT', trigger_field: 'current_max_ph1', trigger_operator: '>', trigger_value: 400 });
        const params = { id: rule.alert_id };
        const bad = await call(api.addRecipient, { params, body: { name: 'Ops', email: 'not-an-email' } });
        expectValidationError(bad, 'email');
        expect(bad.json<ApiError>().details?.[0]?.message).toBe('Email must be valid');
        expectValidationError(await call(api.addRecipient, { params, body: { name: '', email: 'ops@example.ie' } }), 'name');
        expectValidationError(await call(api.addRecipient, { params, body: { name: 'N'.repeat(50), email: 'ops@example.ie' } }), 'name');
        const added = await call(api.addRecipient, { params, body: { name: 'Ops desk', email: 'ops@example.ie', nickname: 'ops' } });
        expect(added.statusCode).toBe(201);
        const removal = { alert_id: rule.alert_id, recipient_id: added.json().recipient_id };
        expect((await call(api.recipients, { params })).json().map((r) => r.email)).toEqual(['ops@example.ie']);
        expect((await call(api.removeRecipient, { params: removal })).statusCode).toBe(200);
        expect((await call(api.recipients, { params })).json()).toEqual([]);
        expect((await call(api.removeRecipient, { params: removal })).statusCode).toBe(404);
      });

      it("answers 404 for another tenant's rule, recipients and alerts, and 400 for an id that is not one", async () => {
        const rule = await createRule({ device_id: 'AL-HOT', trigger_field: 'temperature_med', trigger_operator: '<', trigger_value: -10 });
        const params = { id: rule.alert_id };
        for (const endpoint of [api.get, api.remove, api.recipients]) {
          expect((await call(endpoint, { params }, otherToken, 'gridwest')).statusCode, routeName(endpoint)).toBe(404);
        }
        const put = await call(
          api.update,
          { params, body: { device_id: null, trigger_field: 'imbalance', trigger_operator: '>', trigger_value: 5 } },
          otherToken,
          'gridwest',
        );
        expect(put.statusCode).toBe(404);
        expect(
          (await call(api.addRecipient, { params, body: { name: 'X', email: 'x@example.ie' } }, otherToken, 'gridwest')).statusCode,
        ).toBe(404);
        expect((await call(api.get, { params: { id: UNKNOWN_ID } })).statusCode).toBe(404);
        expectValidationError(await call(api.get, { params: { id: 'not-a-uuid' } }), 'id');
        expect((await call(api.list, {}, otherToken, 'gridwest')).json()).toEqual([]);
        // Unchanged by the attempts.
        expect((await call(api.get, { params: { id: rule.alert_id } })).json().trigger_value).toBe(-10);
      });
    });

    describe('evaluation at ingestion', () => {
      let rule: PowerAlertRule;
      beforeAll(async () => {
        rule = await createRule({ device_id: 'AL-HOT', trigger_field: 'temperature_max', trigger_operator: '>', trigger_value: 90 });
        for (const name of ['Aoife', 'Brian'])
          await call(api.addRecipient, { params: { id: rule.alert_id }, body: { name, email: `${name.toLowerCase()}@example.ie` } });
      });
      const mine = async () => (await active()).items.filter((a) => a.alert_id === rule.alert_id);

      it('a reading crossing the threshold raises exactly one alert and one email per recipient; the same reading again adds nothing', async () => {
        await send([reading('AL-HOT', 1, at(60), { temperature_max_c: 80 }), reading('AL-HOT', 2, at(45), { temperature_max_c: 95 })]);
        const alerts = await mine();
        expect(alerts).toHaveLength(1);
        expect(alerts[0]).toMatchObject({
          device_id: 'AL-HOT',
          full_name: 'TX AL-HOT',
          trigger_field: 'temperature_max',
          actual_value: 95,
          state: 'active',
        });
        expect(alerts[0]?.trigger_date).toBe(at(45));
        expect(await outbox(rule.alert_id)).toBe(2);
        expect((await send([reading('AL-HOT', 2, at(45), { temperature_max_c: 95 })])).duplicates).toBe(1);
        // Still over the threshold: no new alert either.
        await send([reading('AL-HOT', 3, at(30), { temperature_max_c: 97 })]);
        expect(await mine()).toHaveLength(1);
        expect(await outbox(rule.alert_id)).toBe(2);
        expect((await call(api.get, { params: { id: rule.alert_id } })).json().active_count).toBe(1);
      });

      it('a late reading from before the newest one is stored but not judged', async () => {
        const result = await send([reading('AL-HOT', 0, at(120), { temperature_max_c: 20 })]);
        expect(result.accepted).toBe(1);
        expect(await mine()).toHaveLength(1);
      });

      it('is acknowledged once, with who and when, commented, and its history kept', async () => {
        const [alert] = await mine();
        const params = { occurrence_id: alert!.occurrence_id };
        expect((await call(api.acknowledge, { params })).statusCode).toBe(200);
        expect((await call(api.acknowledge, { params })).statusCode).toBe(409);
        expect((await call(api.acknowledge, { params }, otherToken, 'gridwest')).statusCode).toBe(404);
        const acked = (await mine())[0];
        expect(acked?.state).toBe('acknowledged');
        expect(acked?.acknowledged_at).not.toBeNull();
        expect((await active({ state: 'active' })).items.some((a) => a.alert_id === rule.alert_id)).toBe(false);
        expect((await active({ state: 'acknowledged' })).items.some((a) => a.alert_id === rule.alert_id)).toBe(true);
        expectValidationError(await call(api.comment, { params, body: { text: '  ' } }), 'text');
        expect((await call(api.comment, { params, body: { text: 'Crew on the way' } })).statusCode).toBe(201);
        const history = (await call(api.history, { params })).json();
        expect(history.events.map((e) => e.kind)).toEqual(['triggered', 'acknowledged', 'comment']);
        expect(history.events[2]?.text).toBe('Crew on the way');
        expect((await call(api.history, { params }, otherToken, 'gridwest')).statusCode).toBe(404);
      });

      it('stays active inside the hysteresis band and clears beyond it, without emailing (the rule does not ask)', async () => {
        await send([reading('AL-HOT', 4, at(20), { temperature_max_c: 89 })]); // under 90, inside the 1.8 °C band
        expect(await mine()).toHaveLength(1);
        const [alert] = await mine();
        await send([reading('AL-HOT', 5, at(10), { temperature_max_c: 88 })]);
        expect(await mine()).toHaveLength(0);
        const history = (await call(api.history, { params: { occurrence_id: alert!.occurrence_id } })).json();
        // Triggered and cleared carry the reading's time, so the history is in the order things happened on site.
        expect(history.events.find((e) => e.kind === 'cleared')).toMatchObject({ value: 88, at: at(10) });
        expect(await outbox(rule.alert_id)).toBe(2);
      });

      it('raises again when the condition holds again, and a rule for every pole-mount device skips the others', async () => {
        const poleRule = await createRule({
          device_id: null,
          device_type: 'Pole Mount',
          trigger_field: 'current_med_ph2',
          trigger_operator: '<',
          trigger_value: 1,
        });
        const poleKey = key; // one tenant key writes every device of the tenant
        await ingest(app, poleKey, [
          reading('AL-POLE', 1, at(5), { current_med_a: [20, 0.2, 20] }),
          reading('AL-GROUND', 1, at(5), { current_med_a: [20, 0.2, 20] }),
          reading('AL-HOT', 6, at(5), { temperature_max_c: 93 }),
        ]);
        const alerts = (await active()).items;
        expect(alerts.filter((a) => a.alert_id === poleRule.alert_id).map((a) => a.device_id)).toEqual(['AL-POLE']);
        expect(alerts.filter((a) => a.alert_id === rule.alert_id)).toHaveLength(1);
        expect(await outbox(rule.alert_id)).toBe(4);
        expect((await call(api.active, {}, otherToken, 'gridwest')).json().total).toBe(0);
      });

      it('a batch that clears an alert and raises it again records both, and leaves the new one open', async () => {
        await registerDevice(app, token, 'netzero', { device_id: 'AL-FLIP' });
        const flip = await createRule({ device_id: 'AL-FLIP', trigger_field: 'temperature_max', trigger_operator: '>', trigger_value: 90 });
        await send([reading('AL-FLIP', 1, at(30), { temperature_max_c: 95 })]);
        const [first] = (await active({ device_id: 'AL-FLIP' })).items;
        await send([reading('AL-FLIP', 2, at(20), { temperature_max_c: 80 }), reading('AL-FLIP', 3, at(10), { temperature_max_c: 96 })]);
        const now = (await active({ device_id: 'AL-FLIP' })).items;
        expect(now.map((a) => a.actual_value)).toEqual([96]);
        expect(now[0]?.occurrence_id).not.toBe(first?.occurrence_id);
        const history = (await call(api.history, { params: { occurrence_id: first!.occurrence_id } })).json();
        expect(history.events.map((e) => e.kind)).toEqual(['triggered', 'cleared']);
        expect((await call(api.remove, { params: { id: flip.alert_id } })).statusCode).toBe(200);
      });

      it('pages and filters the active alerts', async () => {
        const all = await active();
        expect(all.total).toBe(2);
        const first = await active({ page: 1, page_size: 1 });
        expect(first.items).toHaveLength(1);
        expect(first.total).toBe(2);
        expect((await active({ page: 3, page_size: 1 })).total).toBe(2);
        expect((await active({ device_id: 'AL-POLE' })).items.map((a) => a.device_id)).toEqual(['AL-POLE']);
        expect((await active({ trigger_field: 'temperature_max' })).items.map((a) => a.device_id)).toEqual(['AL-HOT']);
        expectValidationError(await call(api.active, { query: { trigger_field: 'voltage' } }), 'trigger_field');
      });

      it('deleting a rule removes its alerts', async () => {
        expect((await call(api.remove, { params: { id: rule.alert_id } })).statusCode).toBe(200);
        expect((await active({ trigger_field: 'temperature_max' })).items).toEqual([]);
        expect(await outbox(rule.alert_id)).toBe(0);
      });
    });
  });
}
