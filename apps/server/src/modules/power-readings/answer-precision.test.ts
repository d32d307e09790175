import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import { assetsApi } from '@gridlens/contract/assets';
import { powerQualityApi } from '@gridlens/contract/power-quality';
import { powerReadingsApi as api } from '@gridlens/contract/power-readings';
import type { Database } from '../../db/database';
import { inject, type EndpointCall } from '../../../test/support/inject';
import {
  hydrogenReading,
  ingest,
  meteringReading,
  minutesBefore,
  reading,
  registerDeviceWithKey,
} from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

/** Every number in a JSON value with the path that leads to it. */
function numbersIn(value: unknown, path = '$'): [string, number][] {
  if (typeof value === 'number') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => numbersIn(v, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => numbersIn(v, `${path}.${k}`));
  return [];
}
/** The numbers of an answer that carry more than two decimals (the readings sent here have at most two). */
const noisy = (body: unknown) => numbersIn(body).filter(([, n]) => Math.round(n * 100) / 100 !== n);

for (const backend of TEST_DATABASES) {
  describe(`power-data answers carry figures at two decimals, without float noise [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    const now = Date.now();
    const at = (minutesAgo: number) => minutesBefore(now, minutesAgo);
    const call = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}) =>
      inject(app, endpoint, { ...request, headers: authHeaders(token, 'netzero') });

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      token = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      // A rating and currents whose products and quotients are not two-decimal numbers in binary.
      const key = await registerDeviceWithKey(app, token, 'netzero', { device_id: 'TX-N', rating_kva: 33 });
      const messages = [];
      for (let seq = 1; seq <= 60; seq += 1) {
        const minutesAgo = 60 * 30 - seq * 30; // every half hour over 30 hours
        messages.push(
          reading('TX-N', seq, at(minutesAgo), {
            current_max_a: [27.3 + (seq % 3) * 0.1, 33.1, 9.7],
            current_med_a: [27.3, 21.1 + (seq % 5) * 0.1, 9.7],
            temperature_max_c: 40.3,
            temperature_med_c: 35.1,
          }),
          hydrogenReading('TX-N', seq, at(minutesAgo), { h2_ppm: 42.1 + (seq % 4) * 0.3 }),
          meteringReading('TX-N', seq, at(minutesAgo), { import_kwh: 1234.5 + seq * 4.3, export_kwh: 12.25 + seq * 0.1 }),
        );
      }
      expect((await ingest(app, key, messages)).statusCode).toBe(200);
    });
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    const device = { device_id: 'TX-N' };
    const answers: [string, () => Promise<{ statusCode: number; json(): unknown }>][] = [
      ['messages', () => call(api.messages, { params: device, query: { range: '7d', page_size: 100 } })],
      ['chart data', () => call(api.chart, { params: { id: 'TX-N' }, query: { range: '7d' } })],
      ['chart data from the hourly rollup', () => call(api.chart, { params: { id: 'TX-N' }, query: { range: '3m' } })],
      ['daily trends', () => call(api.dailyTrends, { params: { id: 'TX-N' }, query: { range: '7d' } })],
      ['fleet totals', () => call(api.fleetTotals, { params: { duration: '24h' } })],
      ['fleet totals by day', () => call(api.fleetTotals, { params: { duration: '7d' } })],
      ['fleet stats', () => call(api.fleetStats, { params: { duration: '24h' } })],
      ['power report', () => call(api.dayReport, {})],
      ['assets list', () => call(assetsApi.list, { query: { num_days: 1 } })],
      ['hydrogen', () => call(powerQualityApi.hydrogen, { params: device, query: { range: '7d' } })],
      ['metering', () => call(powerQualityApi.metering, { params: device, query: { range: '7d' } })],
    ];
    it.each(answers)('%s', async (_name, ask) => {
      const response = await ask();
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(numbersIn(body).length).toBeGreaterThan(0);
      expect(noisy(body)).toEqual([]);
    });
  });
}
