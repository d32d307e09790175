import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { powerQualityApi as api } from '@gridlens/contract/power-quality';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import type { ApiError } from '@gridlens/contract/errors';
import { pathOf } from '@gridlens/contract/route';
import type { Database } from '../../db/database';
import { inject, type EndpointCall } from '../../../test/support/inject';
import {
  hydrogenReading,
  ingest,
  meteringReading,
  minutesBefore,
  pqEvent,
  registerDeviceWithKey,
} from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;
const MIB = 1024 * 1024;

/** A valid 1×1 RGBA PNG (signature, IHDR, IDAT, IEND). */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** The start of a JFIF JPEG: SOI, APP0 "JFIF", then EOI; enough for a magic-number check. */
const TINY_JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
]);
/** A RIFF container of form type WEBP with an empty VP8L chunk header. */
const TINY_WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([12, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.from([0, 0, 0, 0])]);

/** The device with every kind of data, in the path of each tab's endpoint. */
const TX_T = { device_id: 'TX-T' };

for (const backend of TEST_DATABASES) {
  describe(`device tabs API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let token: string;
    let otherToken: string;
    let installerToken: string;
    const now = Date.now();
    const at = (minutesAgo: number) => minutesBefore(now, minutesAgo);
    const call = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}, t = token, tenant = 'netzero') =>
      inject(app, endpoint, { ...request, headers: { ...authHeaders(t, tenant), ...request.headers } });
    /** Follows a link the API gave (an image's url). */
    const follow = (url: string, t = token, tenant = 'netzero') => app.inject({ method: 'GET', url, headers: authHeaders(t, tenant) });
    const fieldsOf = (body: string) => (JSON.parse(body) as ApiError).details?.map((d) => d.field) ?? [];
    const upload = (
      bytes: Buffer,
      contentType: string,
      query: EndpointCall<typeof api.uploadImage>['query'] = {},
      deviceId = 'TX-T',
      t = token,
      tenant = 'netzero',
    ) =>
      call(api.uploadImage, { params: { device_id: deviceId }, query, headers: { 'content-type': contentType }, body: bytes }, t, tenant);

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      token = await created.issuer.token({ sub: 'u1', tenant: 'netzero' });
      otherToken = await created.issuer.token({ sub: 'u9', tenant: 'gridwest' });
      installerToken = await created.issuer.token({ sub: 'u5', tenant: 'netzero', roles: ['Installer'] });
      const key = await registerDeviceWithKey(app, token, 'netzero', { device_id: 'TX-T' });
      await registerDeviceWithKey(app, token, 'netzero', { device_id: 'TX-EMPTY' });
      const messages = [
        // Events (non-faults), newest is seq 5; seq 6 is 20 days old (outside the default 7 days).
        pqEvent('TX-T', 1, at(5 * 60), { event_type: 'DIP', priority: 2, phase: 1, duration_ms: 120, magnitude: 180 }),
        pqEvent('TX-T', 2, at(4 * 60), { event_type: 'SWELL', priority: 1, phase: 2, duration_ms: 40, magnitude: 262 }),
        pqEvent('TX-T', 3, at(3 * 60), { event_type: 'FLICKER', priority: 3, phase: 3, duration_ms: null, magnitude: 1.2 }),
        pqEvent('TX-T', 4, at(2 * 60), { event_type: 'INTERRUPT', priority: 1, phase: null, duration_ms: 2500, magnitude: null }),
        pqEvent('TX-T', 5, at(60), { event_type: 'RAPID_VOLTAGE_CHANGE', priority: 4, phase: 1, duration_ms: 10, magnitude: 12 }),
        pqEvent('TX-T', 6, at(20 * DAY_MINUTES), { event_type: 'DIP', priority: 2 }),
        // Faults: one with a duration, a newer one without.
        pqEvent('TX-T', 7, at(6 * 60), { event_type: 'LOSS_OF_MAINS', priority: 1, phase: null, duration_ms: 90_000, magnitude: null }),
        pqEvent('TX-T', 8, at(30), { event_type: 'LOSS_OF_MAINS', priority: 1, phase: null, duration_ms: null, magnitude: null }),
        // Hydrogen: 100, 110, 120 ppm one day apart (Ready), then a newer Error reading whose 0 ppm must not count.
        hydrogenReading('TX-T', 1, at(3 * DAY_MINUTES), { h2_ppm: 100, oil_temperature_c: 50, status: 3, operation: 1 }),
        hydrogenReading('TX-T', 2, at(2 * DAY_MINUTES), { h2_ppm: 110, oil_temperature_c: 52, status: 3, operation: 1 }),
        hydrogenReading('TX-T', 3, at(1 * DAY_MINUTES), { h2_ppm: 120, oil_temperature_c: 54, status: 2, operation: 2 }),
        hydrogenReading('TX-T', 4, at(12 * 60), { h2_ppm: 0, oil_temperature_c: null, status: 1, operation: 4 }),
        // Metering: cumulative energy; one reading without voltages.
        meteringReading('TX-T', 1, at(3 * 60), { import_kwh: 1000, export_kwh: 5, voltage_v: [231, 229, 230], power_factor: 0.9 }),
        meteringReading('TX-T', 2, at(2 * 60), { import_kwh: 1010.5, export_kwh: 5.5, voltage_v: null, power_factor: null }),
        meteringReading('TX-T', 3, at(60), { import_kwh: 1025.25, export_kwh: 7, voltage_v: [226, 240, 228], power_factor: 0.95 }),
      ];
      const response = await ingest(app, key, messages);
      expect(response.statusCode).toBe(200);
      expect(response.json().accepted).toBe(messages.length);
    });
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    describe('events', () => {
      it('lists the non-fault events of the period newest first with every field', async () => {
        const response = await call(api.events, { params: TX_T });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.total).toBe(5);
        expect(body.items.map((e) => e.seq)).toEqual([5, 4, 3, 2, 1]);
        expect(body.items.every((e) => e.event_type !== 'LOSS_OF_MAINS')).toBe(true);
        expect(body.items[3]).toEqual({
          seq: 2,
          time: at(4 * 60),
          event_type: 'SWELL',
          priority: 1,
          phase: 2,
          duration_ms: 40,
          magnitude: 262,
        });
        expect(body.items[1]).toMatchObject({ event_type: 'INTERRUPT', phase: null, duration_ms: 2500, magnitude: null });
      });

      it('filters by type and priority, pages, and widens with the range', async () => {
        const events = async (query: EndpointCall<typeof api.events>['query']) => (await call(api.events, { params: TX_T, query })).json();
        const dips = await events({ event_type: 'DIP' });
        expect(dips.items.map((e) => e.seq)).toEqual([1]);
        const urgent = await events({ priority: 1 });
        expect(urgent.items.map((e) => e.seq)).toEqual([4, 2]);
        const page2 = await events({ page: 2, page_size: 2 });
        expect(page2).toMatchObject({ total: 5, page: 2, page_size: 2 });
        expect(page2.items.map((e) => e.seq)).toEqual([3, 2]);
        const month = await events({ range: '28d', event_type: 'DIP' });
        expect(month.items.map((e) => e.seq)).toEqual([1, 6]);
        const explicit = await events({ from: at(200), to: at(90) });
        expect(explicit.items.map((e) => e.seq)).toEqual([4, 3]);
      });

      it('rejects a fault or unknown type, a bad priority and a bad period by name', async () => {
        for (const [query, field] of [
          [{ event_type: 'LOSS_OF_MAINS' }, 'event_type'],
          [{ event_type: 'SPIKE' }, 'event_type'],
          [{ priority: 5 }, 'priority'],
          [{ priority: 0 }, 'priority'],
          [{ page_size: 501 }, 'page_size'],
          [{ from: at(0), to: at(10) }, 'from'],
        ] as const) {
          const response = await call(api.events, { params: TX_T, query });
          expect(response.statusCode, JSON.stringify(query)).toBe(400);
          expect(fieldsOf(response.body), JSON.stringify(query)).toContain(field);
        }
      });
    });

    describe('fault records', () => {
      it('lists loss-of-mains records newest first with start, duration and computed end', async () => {
        const response = await call(api.faults, { params: TX_T });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.total).toBe(2);
        expect(body.items.map((f) => f.seq)).toEqual([8, 7]);
        expect(body.items[0]).toMatchObject({ start_time: at(30), duration_ms: null, end_time: null });
        expect(body.items[1]).toMatchObject({
          start_time: at(6 * 60),
          duration_ms: 90_000,
          end_time: new Date(now - 6 * 60 * MINUTE + 90_000).toISOString(),
        });
        const paged = (await call(api.faults, { params: TX_T, query: { page_size: 1, page: 2 } })).json();
        expect(paged.items.map((f) => f.seq)).toEqual([7]);
        expect((await call(api.faults, { params: TX_T, query: { page: 0 } })).statusCode).toBe(400);
      });
    });

    describe('hydrogen', () => {
      it('serves readings oldest first with status and operation texts', async () => {
        const response = await call(api.hydrogen, { params: TX_T });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.readings.map((r) => r.h2_ppm)).toEqual([100, 110, 120, 0]);
        expect(body.readings[2]).toEqual({
          seq: 3,
          time: at(DAY_MINUTES),
          h2_ppm: 120,
          oil_temperature_c: 54,
          status: 2,
          status_text: 'Ready (old data)',
          operation: 2,
          operation_text: 'Liquid temperature measurement',
        });
        expect(body.readings[3]).toMatchObject({
          status_text: 'Error',
          operation_text: 'Liquid temperature too high',
          oil_temperature_c: null,
        });
      });

      it('summarises the latest reading, the maximum and a 10 ppm/day trend from the Ready readings', async () => {
        const { summary } = (await call(api.hydrogen, { params: TX_T })).json();
        expect(summary.reading_count).toBe(4);
        expect(summary.latest).toMatchObject({ seq: 4, status_text: 'Error' });
        expect(summary.max_h2_ppm).toBe(120);
        expect(summary.rate_of_change_ppm_per_day).toBeCloseTo(10, 6);
      });

      it('has no trend with fewer than two readings and nothing for a device without readings', async () => {
        const one = (await call(api.hydrogen, { params: TX_T, query: { from: at(DAY_MINUTES + 1) } })).json();
        expect(one.summary).toMatchObject({ reading_count: 2, max_h2_ppm: 120, rate_of_change_ppm_per_day: null });
        const empty = (await call(api.hydrogen, { params: { device_id: 'TX-EMPTY' } })).json();
        expect(empty.readings).toEqual([]);
        expect(empty.summary).toEqual({ reading_count: 0, latest: null, max_h2_ppm: null, rate_of_change_ppm_per_day: null });
        expect((await call(api.hydrogen, { params: TX_T, query: { range: '2y' } })).statusCode).toBe(400);
      });
    });

    describe('hydrogen sensor configuration', () => {
      const put = (body: Record<string, string>) => call(api.saveHydrogenConfig, { params: TX_T, body });
      const saved = async () => (await call(api.hydrogenConfig, { params: TX_T })).json();
      const valid = { oil_type: 'Natural Ester', operating_mode: 'Field', sensor_type: 'Open', sensor_location: 'OLTC' };

      it('serves the defaults until one is saved, then the saved configuration', async () => {
        const before = await call(api.hydrogenConfig, { params: { device_id: 'TX-EMPTY' } });
        expect(before.statusCode).toBe(200);
        expect(before.json()).toEqual({
          device_id: 'TX-EMPTY',
          oil_type: 'Mineral',
          operating_mode: 'Field',
          sensor_type: 'Sealed',
          sensor_location: 'MainTank',
          is_default: true,
          updated_at: null,
          updated_by: null,
        });
        const first = await put(valid);
        expect(first.statusCode).toBe(200);
        expect(first.json()).toMatchObject({ device_id: 'TX-T', ...valid, is_default: false, updated_by: 'u1' });
        const again = await put({ ...valid, sensor_location: 'TopOil' });
        expect(again.json()).toMatchObject({ sensor_location: 'TopOil', oil_type: 'Natural Ester' });
        expect(await saved()).toMatchObject({ ...valid, sensor_location: 'TopOil', is_default: false });
      });

      it('rejects a bad, missing or unknown field by name and changes nothing', async () => {
        for (const [payload, field] of [
          [{ ...valid, oil_type: 'Olive' }, 'oil_type'],
          [{ ...valid, operating_mode: 'Lab' }, 'operating_mode'],
          [{ ...valid, sensor_type: 'sealed' }, 'sensor_type'],
          [{ oil_type: 'Mineral', operating_mode: 'Field', sensor_type: 'Sealed' }, 'sensor_location'],
          [{ ...valid, colour: 'blue' }, 'colour'],
        ] as const) {
          const response = await put(payload);
          expect(response.statusCode, field).toBe(400);
          expect(fieldsOf(response.body), field).toContain(field);
        }
        expect(await saved()).toMatchObject({ sensor_location: 'TopOil' });
      });
    });

    describe('metering', () => {
      it('serves readings with energy imported and exported and per-phase voltage extremes', async () => {
        const response = await call(api.metering, { params: TX_T });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.readings.map((r) => r.seq)).toEqual([1, 2, 3]);
        expect(body.readings[1]).toEqual({
          seq: 2,
          time: at(2 * 60),
          import_kwh: 1010.5,
          export_kwh: 5.5,
          voltage_v: null,
          power_factor: null,
        });
        expect(body.readings[2]?.voltage_v).toEqual([226, 240, 228]);
        expect(body.readings[2]?.power_factor).toBeCloseTo(0.95, 6);
        expect(body.summary).toEqual({
          reading_count: 3,
          energy_imported_kwh: 25.25,
          energy_exported_kwh: 2,
          voltage_min_v: [226, 229, 228],
          voltage_max_v: [231, 240, 230],
        });
      });

      it('has no energy figure with fewer than two readings', async () => {
        const one = (await call(api.metering, { params: TX_T, query: { from: at(61) } })).json();
        expect(one.summary).toMatchObject({ reading_count: 1, energy_imported_kwh: null, energy_exported_kwh: null });
        const none = (await call(api.metering, { params: { device_id: 'TX-EMPTY' } })).json();
        expect(none.summary).toEqual({
          reading_count: 0,
          energy_imported_kwh: null,
          energy_exported_kwh: null,
          voltage_min_v: [null, null, null],
          voltage_max_v: [null, null, null],
        });
      });
    });

    describe('images', () => {
      it('stores a PNG and gives its bytes back exactly, with its content type and cache headers', async () => {
        const created = await upload(TINY_PNG, 'image/png', { image_type: 'nameplate', caption: 'Rating plate' });
        expect(created.statusCode).toBe(201);
        const meta = created.json();
        expect(meta).toMatchObject({
          device_id: 'TX-T',
          image_type: 'nameplate',
          content_type: 'image/png',
          byte_size: TINY_PNG.length,
          caption: 'Rating plate',
          url: pathOf(api.imageBytes, { image_id: meta.id }),
        });
        expect(Date.parse(meta.uploaded_at)).toBeGreaterThan(now - MINUTE);

        const bytes = await follow(meta.url);
        expect(bytes.statusCode).toBe(200);
        expect(bytes.headers['content-type']).toBe('image/png');
        expect(bytes.headers['cache-control']).toBe('no-store');
        expect(bytes.headers['x-content-type-options']).toBe('nosniff');
        expect(Buffer.compare(bytes.rawPayload, TINY_PNG)).toBe(0);

        const list = (await call(api.images, { params: TX_T })).json();
        expect(list.find((i) => i.id === meta.id)).toEqual(meta);
        expect(list.every((i) => !('data' in i))).toBe(true);
      });

      it('accepts JPEG and WebP, defaults the type to installation and lists newest first', async () => {
        const jpeg = await upload(TINY_JPEG, 'image/jpeg', {}, 'TX-EMPTY');
        expect(jpeg.statusCode).toBe(201);
        expect(jpeg.json()).toMatchObject({ image_type: 'installation', content_type: 'image/jpeg', caption: null });
        const webp = await upload(TINY_WEBP, 'image/webp', { image_type: 'site' }, 'TX-EMPTY');
        expect(webp.statusCode).toBe(201);
        const list = (await call(api.images, { params: { device_id: 'TX-EMPTY' } })).json();
        expect(list.map((i) => i.content_type)).toEqual(['image/webp', 'image/jpeg']);
        const back = await follow(jpeg.json().url);
        expect(back.headers['content-type']).toBe('image/jpeg');
        expect(Buffer.compare(back.rawPayload, TINY_JPEG)).toBe(0);
      });

      it('accepts a body above the 1 MiB JSON limit and below 5 MiB', async () => {
        const big = Buffer.concat([TINY_PNG, Buffer.alloc(2 * MIB)]);
        const response = await upload(big, 'image/png', { image_type: 'other' });
        expect(response.statusCode).toBe(201);
        expect(response.json().byte_size).toBe(big.length);
        const back = await follow(response.json().url);
        expect(back.rawPayload.length).toBe(big.length);
      });

      it('rejects bytes that do not match the declared type, a bad image type and a non-image body', async () => {
        const mismatch = await upload(TINY_JPEG, 'image/png');
        expect(mismatch.statusCode).toBe(400);
        expect(fieldsOf(mismatch.body)).toEqual(['content-type']);
        const garbage = await upload(Buffer.from('definitely not an image'), 'image/webp');
        expect(garbage.statusCode).toBe(400);
        expect(fieldsOf(garbage.body)).toEqual(['body']);
        const empty = await upload(Buffer.alloc(0), 'image/png');
        expect(empty.statusCode).toBe(400);
        const badType = await upload(TINY_PNG, 'image/png', { image_type: 'selfie' });
        expect(badType.statusCode).toBe(400);
        expect(fieldsOf(badType.body)).toEqual(['image_type']);
        const json = await call(api.uploadImage, { params: TX_T, body: { image: 'base64...' } });
        expect(json.statusCode).toBe(400);
        expect(fieldsOf(json.body)).toEqual(['body']);
        const gif = await upload(Buffer.from('GIF89a'), 'image/gif');
        expect(gif.statusCode).toBe(415);
        expect(gif.json<ApiError>().error).toBe('unsupported_media_type');
      });

      it('answers 413 in JSON for a body over 5 MiB', async () => {
        const response = await upload(Buffer.concat([TINY_PNG, Buffer.alloc(6 * MIB)]), 'image/png');
        expect(response.statusCode).toBe(413);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json<ApiError>().error).toBe('payload_too_large');
      });

      it('deletes an image; then and for a malformed or unknown id it answers 404', async () => {
        const image = { image_id: (await upload(TINY_PNG, 'image/png')).json().id };
        const deleted = await call(api.deleteImage, { params: image });
        expect(deleted.statusCode).toBe(200);
        expect(deleted.json().id).toBe(image.image_id);
        expect((await call(api.imageBytes, { params: image })).statusCode).toBe(404);
        const again = await call(api.deleteImage, { params: image });
        expect(again.statusCode).toBe(404);
        for (const bad of ['not-a-uuid', "x' OR 1=1--", '00000000-0000-0000-0000-000000000000']) {
          expect((await call(api.imageBytes, { params: { image_id: bad } })).statusCode, bad).toBe(404);
          const del = await call(api.deleteImage, { params: { image_id: bad } });
          expect(del.statusCode, bad).toBe(404);
        }
      });
    });

    describe('tenancy and roles', () => {
      it("answers 404 to another tenant on every endpoint, and leaves this tenant's data alone", async () => {
        const image = (await upload(TINY_PNG, 'image/png')).json();
        const asOther = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E>) =>
          call(endpoint, request, otherToken, 'gridwest');
        const calls = [
          asOther(api.events, { params: TX_T }),
          asOther(api.faults, { params: TX_T }),
          asOther(api.hydrogen, { params: TX_T }),
          asOther(api.hydrogenConfig, { params: TX_T }),
          asOther(api.saveHydrogenConfig, {
            params: TX_T,
            body: { oil_type: 'Mineral', operating_mode: 'Field', sensor_type: 'Sealed', sensor_location: 'Cable' },
          }),
          asOther(api.metering, { params: TX_T }),
          asOther(api.images, { params: TX_T }),
          upload(TINY_PNG, 'image/png', {}, 'TX-T', otherToken, 'gridwest'),
          follow(image.url, otherToken, 'gridwest'),
          asOther(api.deleteImage, { params: { image_id: image.id } }),
        ];
        for (const [index, response] of (await Promise.all(calls)).entries()) {
          expect(response.statusCode, `call ${index}: ${response.body}`).toBe(404);
          expect(response.json<ApiError>().error).toBe('not_found');
        }
        expect((await follow(image.url)).statusCode).toBe(200);
        expect((await call(api.hydrogenConfig, { params: TX_T })).json()).toMatchObject({ sensor_location: 'TopOil' });
        const theirs = await db.query("SELECT 1 FROM device_images WHERE tenant_id = 'gridwest'");
        expect(theirs).toEqual([]);
      });

      it("answers 404 for this tenant's unknown device", async () => {
        const unknown = { device_id: 'NOPE' };
        expect((await call(api.events, { params: unknown })).statusCode).toBe(404);
        expect((await call(api.hydrogenConfig, { params: unknown })).statusCode).toBe(404);
        expect((await upload(TINY_PNG, 'image/png', {}, 'NOPE')).statusCode).toBe(404);
      });

      it('refuses an Installer-only user with 403', async () => {
        const response = await call(api.hydrogen, { params: TX_T }, installerToken);
        expect(response.statusCode).toBe(403);
        expect(response.json<ApiError>().error).toBe('forbidden');
      });

      it('needs a token', async () => {
        const response = await inject(app, api.images, { params: TX_T });
        expect(response.statusCode).toBe(401);
      });
    });
  });
}
