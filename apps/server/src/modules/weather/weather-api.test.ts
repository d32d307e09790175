import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { weatherApi, type WeatherTemperatures } from '@gridlens/contract/weather';
import { hourlyAmbientTemperaturesC } from '@gridlens/domain/weather/climate-model';
import type { Database } from '../../db/database';
import { expectValidationError } from '../../../test/support/api-assertions';
import { inject, routeName } from '../../../test/support/inject';
import { registerDevice } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

const GALWAY = { latitude: 53.27, longitude: -9.05 };
const FROM = '2026-01-12T17:20:00.000Z';
const TO = '2026-01-13T17:00:00.000Z';

for (const backend of TEST_DATABASES) {
  describe(`${routeName(weatherApi.temperatures)} [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let otherToken: string;
    let trackingToken: string;
    const call = (query: Record<string, string | number>, t = token, tenant = 'netzero') =>
      inject(app, weatherApi.temperatures, { query, headers: authHeaders(t, tenant) });
    const bodyOf = async (query: Record<string, string | number>) => {
      const response = await call(query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<WeatherTemperatures>();
    };

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      token = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      otherToken = await created.issuer.token({ sub: 'u9', tenant: 'gridwest' });
      trackingToken = await created.issuer.token({ sub: 'u7', tenant: 'fleetco' });
      await registerDevice(app, token, 'netzero', { device_id: 'WX-GALWAY', ...GALWAY });
      await registerDevice(app, token, 'netzero', { device_id: 'WX-NOWHERE' });
      await registerDevice(app, otherToken, 'gridwest', { device_id: 'WX-THEIRS', latitude: 51.9, longitude: -8.47 });
    });

    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it("answers the climate model's hourly temperatures for a place, from the first hour to the last", async () => {
      const body = await bodyOf({ ...GALWAY, from: FROM, to: TO });
      const expected = hourlyAmbientTemperaturesC(GALWAY, Date.parse(FROM), 25);
      expect(body).toMatchObject({ ...GALWAY, from: '2026-01-12T17:00:00.000Z', to: TO, source: 'climate-model', modelled_hours: 25 });
      expect(body.temperatures.map((p) => p.time)).toEqual(Array.from(expected.timesMs, (ms) => new Date(ms).toISOString()));
      expect(body.temperatures.map((p) => p.temperature_c)).toEqual(Array.from(expected.temperatureC));
    });

    it("takes a device's place, and says when the device has none", async () => {
      const byDevice = await bodyOf({ device_id: 'WX-GALWAY', from: FROM, to: TO });
      expect(byDevice).toEqual(await bodyOf({ ...GALWAY, from: FROM, to: TO }));
      expect((await call({ device_id: 'WX-NOWHERE', from: FROM, to: TO })).statusCode).toBe(404);
    });

    it('answers 404 to a tracking tenant, which keeps no power data', async () => {
      expect((await call({ ...GALWAY, from: FROM, to: TO }, trackingToken, 'fleetco')).statusCode).toBe(404);
    });

    it("answers 404 for another tenant's device", async () => {
      expect((await call({ device_id: 'WX-THEIRS', from: FROM, to: TO })).statusCode).toBe(404);
      expect((await call({ device_id: 'WX-THEIRS', from: FROM, to: TO }, otherToken, 'gridwest')).statusCode).toBe(200);
    });

    it('answers 400 naming the field for a missing or impossible place or period', async () => {
      expectValidationError(await call({ from: FROM, to: TO }), 'latitude');
      expectValidationError(await call({ latitude: 53, from: FROM, to: TO }), 'longitude');
      expectValidationError(await call({ latitude: 91, longitude: 0 }), 'latitude');
      expectValidationError(await call({ latitude: 53, longitude: -181 }), 'longitude');
      expectValidationError(await call({ latitude: 'north', longitude: 0 }), 'latitude');
      expectValidationError(await call({ ...GALWAY, from: '2024-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }), 'from');
      expectValidationError(await call({ ...GALWAY, range: 'decade' }), 'range');
    });
  });
}
