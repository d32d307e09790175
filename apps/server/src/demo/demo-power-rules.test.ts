import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import { powerAlertsApi } from '@gridlens/contract/alerts';
import type { Database } from '../db/database';
import { DEMO_POWER_RULES, seedDemoPowerData, type SendMessages } from './demo-power-seed';
import { inject, type EndpointCall } from '../../test/support/inject';
import { authHeaders, createTestApp } from '../../test/support/test-app';
import type { ModuleGraph } from '../module-graph';
import { TEST_DATABASES } from '../../test/support/test-databases';

const HOUR_MS = 3_600_000;
/** A fixed instant, so that every run stores the same messages. */
const NOW = Date.parse('2026-01-14T12:00:00Z');

for (const backend of TEST_DATABASES) {
  describe(`demo power alert rules [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let graph: ModuleGraph;
    const tokens = new Map<string, string>();
    let send: SendMessages;
    const get = async <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}, tenant = 'netzero') => {
      const response = await inject(app, endpoint, { ...request, headers: authHeaders(tokens.get(tenant)!, tenant) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      graph = created.graph;
      for (const tenant of ['netzero', 'gridwest']) tokens.set(tenant, await created.issuer.token({ sub: `${tenant}-user`, tenant }));
      send = async (tenantId, messages) => {
        await graph.ingest.service.ingest(tenantId, 'http', messages);
      };
      await seedDemoPowerData(graph, send, NOW, 1);
    }, 120_000);
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('seeds the power rules for the network desk in each power-data demo tenant', async () => {
      for (const tenant of ['netzero', 'gridwest']) {
        const rules = await get(powerAlertsApi.list, {}, tenant);
        expect(rules.map((r) => [r.device_id, r.trigger_field, r.trigger_operator, r.trigger_value, r.recipient_count]).sort()).toEqual(
          DEMO_POWER_RULES.map((r) => [null, r.trigger_field, r.trigger_operator, r.trigger_value, 1]).sort(),
        );
      }
    });

    it('judges the seeded history by them: Active Alerts shows temperature and current occurrences from the start', async () => {
      const active = (await get(powerAlertsApi.active)).items;
      const fields = new Set(active.map((a) => a.trigger_field));
      expect(fields.has('temperature_max')).toBe(true);
      expect([...fields].some((f) => f.startsWith('current_max_'))).toBe(true);
      for (const alert of active) expect(alert.actual_value).toBeGreaterThan(alert.trigger_value);
    });

    it('adds no rule when seeded again, and does not bring back a rule a user deleted', async () => {
      const [rule] = await get(powerAlertsApi.list);
      const removed = await inject(app, powerAlertsApi.remove, {
        params: { id: rule!.alert_id },
        headers: authHeaders(tokens.get('netzero')!, 'netzero'),
      });
      expect(removed.statusCode).toBe(200);
      await seedDemoPowerData(graph, send, NOW + HOUR_MS, 1);
      expect(await get(powerAlertsApi.list)).toHaveLength(DEMO_POWER_RULES.length - 1);
    }, 120_000);
  });
}
