import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { coverageApi } from '@gridlens/contract/coverage';
import type { Database } from '../../db/database';
import { expectValidationError } from '../../../test/support/api-assertions';
import { inject, routeName } from '../../../test/support/inject';
import { ingest, minutesBefore, reading, registerDeviceWithKey } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

const DAY_MINUTES = 24 * 60;

for (const backend of TEST_DATABASES) {
  describe(`device coverage and device test API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let otherToken: string;
    let installerToken: string;
    let issuer: Awaited<ReturnType<typeof createTestApp>>['issuer'];
    const now = Date.now();
    const at = (minutesAgo: number) => minutesBefore(now, minutesAgo);
    const coverage = (days?: number | string, t = token, tenant = 'netzero') =>
      inject(app, coverageApi.coverage, { query: { days }, headers: authHeaders(t, tenant) });
    const coverageOf = async (days: number) => {
      const response = await coverage(days);
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const deviceTest = (deviceId: string, t = token, tenant = 'netzero') =>
      inject(app, coverageApi.deviceTest, { params: { DeviceID: deviceId }, headers: authHeaders(t, tenant) });

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      issuer = created.issuer;
      token = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      otherToken = await created.issuer.token({ sub: 'u9', tenant: 'gridwest' });
      installerToken = await created.issuer.token({ sub: 'u5', tenant: 'netzero', roles: ['Installer'] });
      const key = await registerDeviceWithKey(app, token, 'netzero', { device_id: 'COV-GOOD' });
      await registerDeviceWithKey(app, token, 'netzero', { device_id: 'COV-WEAK' });
      await registerDeviceWithKey(app, token, 'netzero', { device_id: 'COV-OLD' });
      await registerDeviceWithKey(app, token, 'netzero', { device_id: 'COV-SILENT' });
      const otherKey = await registerDeviceWithKey(app, otherToken, 'gridwest', { device_id: 'GW-COV' });
      // The same id in another tenant, with other figures: they must never mix with netzero's COV-GOOD.
      await registerDeviceWithKey(app, otherToken, 'gridwest', { device_id: 'COV-GOOD' });
      const messages = [
        // Eight in a row, every 15 minutes up to 5 minutes ago, strong signal.
        ...Array.from({ length: 8 }, (_unused, i) => reading('COV-GOOD', 101 + i, at(5 + (7 - i) * 15), { lqi: 200 })),
        // Seq 1, 2, 5, 6: two of six missing; weak signal; nothing on phase 2.
        ...[1, 2, 5, 6].map((seq) => reading('COV-WEAK', seq, at(5 + (6 - seq) * 15), { lqi: 70, current_max_a: [50, 0, 45] })),
        // Heard three days ago only.
        ...[1, 2, 3].map((seq) => reading('COV-OLD', seq, at(3 * DAY_MINUTES + (3 - seq) * 15), { lqi: 180 })),
      ];
      const stored = await ingest(app, key, messages);
      expect(stored.statusCode).toBe(200);
      expect(stored.json().accepted).toBe(messages.length);
      const theirs = [reading('GW-COV', 1, at(10)), ...[1, 9].map((seq) => reading('COV-GOOD', seq, at(20 + seq), { lqi: 20 }))];
      expect((await ingest(app, otherKey, theirs)).json().accepted).toBe(3);
    });

    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    describe(routeName(coverageApi.coverage), () => {
      it("lists every device of the caller's tenant with its link figures, worst first", async () => {
        const body = await coverageOf(1);
        expect(body.days).toBe(1);
        // The UTC days the last 24 hours touch: from the start of yesterday (UTC) to now. "Now" is the server's, at
        // the request: the suite's clock was read earlier, and the two can fall either side of midnight.
        const answeredMs = Date.parse(body.to);
        expect(body.from).toBe(`${new Date(answeredMs - DAY_MINUTES * 60_000).toISOString().slice(0, 10)}T00:00:00.000Z`);
        expect(Date.parse(body.to)).toBeGreaterThanOrEqual(now);
        expect(body.devices.map((d) => d.device_id)).toEqual(['COV-OLD', 'COV-SILENT', 'COV-WEAK', 'COV-GOOD']);
        const byId = new Map(body.devices.map((d) => [d.device_id, d]));
        expect(byId.get('COV-GOOD')).toMatchObject({
          received: 8,
          expected: 8,
          mean_lqi: 200,
          min_lqi: 200,
          lqi_level: 'good',
          level: 'good',
        });
        expect(byId.get('COV-WEAK')).toMatchObject({ received: 4, expected: 6, mean_lqi: 70, min_lqi: 70, lqi_level: 'bad', level: 'bad' });
        expect(byId.get('COV-SILENT')).toMatchObject({
          received: 0,
          expected: 0,
          mean_lqi: null,
          lqi_level: null,
          last_message_at: null,
          level: 'not_heard',
        });
        // Not heard in the last day, though its last message is known.
        expect(byId.get('COV-OLD')?.level).toBe('not_heard');
        expect(byId.get('COV-OLD')?.last_message_at).toBe(at(3 * DAY_MINUTES));
      });

      it('looks back a week when asked', async () => {
        const old = (await coverageOf(7)).devices.find((d) => d.device_id === 'COV-OLD');
        // Heard three days ago and silent since: the reports due since count as missed.
        expect(old).toMatchObject({ received: 3, expected: 3, mean_lqi: 180, lqi_level: 'good', level: 'bad' });
      });

      it("never shows another tenant's devices", async () => {
        const ids = (await coverageOf(7)).devices.map((d) => d.device_id);
        expect(ids).not.toContain('GW-COV');
        const theirs = await coverage(1, otherToken, 'gridwest');
        expect(
          theirs
            .json()
            .devices.map((d) => d.device_id)
            .sort(),
        ).toEqual(['COV-GOOD', 'GW-COV']);
        expect(theirs.json().devices.find((d) => d.device_id === 'COV-GOOD')).toMatchObject({
          received: 2,
          expected: 9,
          min_lqi: 20,
        });
      });

      it('answers 400 naming days for a window it does not offer', async () => {
        expectValidationError(await coverage(3), 'days');
        expectValidationError(await coverage('week'), 'days');
      });

      it('is closed to Installer-only users and to callers without a token', async () => {
        expect((await coverage(undefined, installerToken)).statusCode).toBe(403);
        expect((await inject(app, coverageApi.coverage)).statusCode).toBe(401);
      });
    });

    describe(routeName(coverageApi.deviceTest), () => {
      it('passes a healthy device heard just now, with its latest messages newest first', async () => {
        const response = await deviceTest('COV-GOOD');
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.outcome).toBe('pass');
        expect(Object.values(body.checks).every((outcome) => outcome === 'pass')).toBe(true);
        expect(body.messages.map((m) => m.seq)).toEqual([108, 107, 106, 105, 104, 103, 102, 101]);
        expect(body.messages[0]).toMatchObject({
          time: at(5),
          lqi: 200,
          current_max_a: [100, 90, 80],
          temperature_max_c: 40,
          battery_pct: 80,
        });
        expect(body.last_message_at).toBe(at(5));
      });

      it('names what is wrong with a badly fitted device', async () => {
        const body = (await deviceTest('COV-WEAK')).json();
        expect(body.checks).toMatchObject({
          heard: 'pass',
          signal: 'fail',
          delivery: 'warn', // two of six numbered messages missing
          phase1: 'pass',
          phase2: 'fail',
          phase3: 'pass',
        });
        expect(body.outcome).toBe('fail');
      });

      it('fails "heard" for a device last heard three days ago, with no message of the last day to judge', async () => {
        const body = (await deviceTest('COV-OLD')).json();
        expect(body.checks.heard).toBe('fail');
        expect(body.messages).toEqual([]);
        expect(body.last_message_at).toBe(at(3 * DAY_MINUTES));
      });

      it('fails "heard" for a device never heard, and judges nothing else', async () => {
        const body = (await deviceTest('COV-SILENT')).json();
        expect(body.checks.heard).toBe('fail');
        expect(body.checks.signal).toBeNull();
        expect(body.messages).toEqual([]);
        expect(body.last_message_at).toBeNull();
      });

      it('is open to Installer-only users of the tenant', async () => {
        const response = await deviceTest('COV-GOOD', installerToken);
        expect(response.statusCode).toBe(200);
        expect(response.json().device_id).toBe('COV-GOOD');
      });

      it("answers 404 for another tenant's device, for operators and installers alike", async () => {
        expect((await deviceTest('GW-COV')).statusCode).toBe(404);
        expect((await deviceTest('GW-COV', installerToken)).statusCode).toBe(404);
        expect((await deviceTest('COV-WEAK', otherToken, 'gridwest')).statusCode).toBe(404);
        // An id both tenants use answers with the caller's own device.
        const same = (await deviceTest('COV-GOOD', otherToken, 'gridwest')).json();
        expect(same.messages.map((m) => m.seq)).toEqual([9, 1]);
      });

      it("still checks the token's tenant against the Tenant header", async () => {
        expect((await deviceTest('COV-GOOD', installerToken, 'gridwest')).statusCode).toBe(403);
        expect((await inject(app, coverageApi.deviceTest, { params: { DeviceID: 'COV-GOOD' } })).statusCode).toBe(401);
      });

      it('allows 60 tests a minute per session, then answers 429 to that session only', async () => {
        const busy = await issuer.token({ sub: 'u-busy', tenant: 'netzero', roles: ['Installer'] });
        for (let i = 0; i < 60; i += 1) expect((await deviceTest('COV-GOOD', busy)).statusCode).toBe(200);
        expect((await deviceTest('COV-GOOD', busy)).statusCode).toBe(429);
        expect((await deviceTest('COV-GOOD', installerToken)).statusCode).toBe(200);
      });

      it('answers 400 naming DeviceID for an id longer than 64 characters', async () => {
        expectValidationError(await deviceTest('X'.repeat(65)), 'DeviceID');
      });
    });
  });
}
