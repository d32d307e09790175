import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { z } from 'zod';
import { powerAlertsApi } from '@gridlens/contract/alerts';
import { allEndpoints } from '@gridlens/contract/api-catalogue';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import type { Database } from '../db/database';
import { createIngestKey, reading, registerDevice } from '../../test/support/power-fixtures';
import { addLocation, registerTracker } from '../../test/support/tracking-fixtures';
import {
  DEEPLY_NESTED,
  encodeSegment,
  fieldPaths,
  jsonWithDeepNesting,
  HOSTILE_VALUES,
  sampleOf,
  withValueAt,
  type HostileValue,
  type SamplePools,
} from '../../test/support/hostile-values';
import { authHeaders, createTestApp } from '../../test/support/test-app';
import { TEST_DATABASES } from '../../test/support/test-databases';
import { trackingAlertsApi } from '@gridlens/contract/tracking-alerts';

/**
 * Generated from the contract: every endpoint gets a valid request (built from its schemas), then the same
 * request with each of its fields (path parameters, query, body, at every depth) replaced by hostile values:
 * NUL, half characters, deep nesting (always refused), and wrong types, huge, tiny and out-of-range numbers,
 * over-long texts and far dates: every value at every field, in a fixed order, so every run sends the same
 * 6,780 requests (about 30 s on each database). Each answer must be below 500, and an answer that is not a
 * success must have stored nothing: every table's writes are counted by a trigger the suite adds. For ingest,
 * the hostile message travels in a batch with a good one, which must still be stored.
 */

const DEVICE = 'HOSTILE-1';

/** A 1×1 PNG: image uploads get a real image, so that their other fields are judged. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const POOLS: SamplePools = {
  strings: [
    DEVICE,
    '00000000-0000-4000-8000-000000000000',
    'Hostile name',
    'en',
    'day',
    '2026-11-01T00:00:00.000Z',
    '2026-11-01',
    'Friendly',
    'feedback@example.com',
    'a',
  ],
  numbers: [1, 0, 10, 100],
};

/** Valid bodies the generator cannot find by itself (fields that depend on each other), by operationId. */
const VALID_BODIES: Record<string, unknown> = {
  createTrackingAlertRule: { device_id: DEVICE, trigger_field: 'battery', trigger_operator: '<', trigger_value: 20 },
  updateTrackingAlertRule: { device_id: DEVICE, trigger_field: 'battery', trigger_operator: '<', trigger_value: 20 },
  // A day is given only to a weekly or monthly schedule.
  createReportSchedule: { report: 'power', frequency: 'daily', local_time: '07:00', language: 'EN', formats: ['pdf'] },
  updateReportSchedule: { report: 'power', frequency: 'daily', local_time: '07:00', language: 'EN', formats: ['pdf'] },
};

interface Caller {
  name: string;
  headers: Record<string, string>;
}

type Part = 'params' | 'query' | 'body';

interface Request {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);

function urlOf(endpoint: EndpointDescription, request: Request): string {
  const path = endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => encodeSegment(textOf(request.params[name])));
  const query = Object.entries(request.query)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeSegment(textOf(value))}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** A refused request counts against its rate limit (on PostgreSQL, in this table): bookkeeping, not stored data. */
const NOT_STORED_DATA = ['rate_limit_counters'];

async function installChangeCounter(db: Database): Promise<void> {
  const tables = (
    await db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition`,
    )
  ).filter(({ name }) => !NOT_STORED_DATA.includes(name));
  await db.query('CREATE TABLE hostile_input_writes (table_name text NOT NULL, operation text NOT NULL)');
  await db.query(`CREATE FUNCTION hostile_input_note_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO hostile_input_writes VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$`);
  for (const { name } of tables) {
    await db.query(`CREATE TRIGGER hostile_input_write AFTER INSERT OR UPDATE OR DELETE ON "${name}"
      FOR EACH ROW EXECUTE FUNCTION hostile_input_note_write()`);
  }
}

async function takeWrites(db: Database): Promise<string[]> {
  const rows = await db.query<{ table_name: string; operation: string }>(
    'DELETE FROM hostile_input_writes RETURNING table_name, operation',
  );
  return [...new Set(rows.map((r) => `${r.operation} ${r.table_name}`))].sort();
}

for (const backend of TEST_DATABASES) {
  describe(`hostile input to every endpoint of the contract [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let callers: Record<'power' | 'tracking' | 'installer' | 'ingest' | 'public', Caller>;
    let seq = 1_000;
    /** Pools that name a real alert rule of each kind first, so that rule endpoints are judged past their 404. */
    let rulePools: { power: SamplePools; tracking: SamplePools };

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db);
      app = created.app;
      const power = await created.issuer.token({ sub: 'hostile-power', tenant: 'netzero' });
      const tracking = await created.issuer.token({ sub: 'hostile-tracking', tenant: 'fleetco' });
      const installer = await created.issuer.token({ sub: 'hostile-installer', tenant: 'netzero', roles: ['Installer'] });
      await registerDevice(app, power, 'netzero', { device_id: DEVICE });
      await registerTracker(app, tracking, 'fleetco', { device_id: DEVICE });
      await addLocation(app, tracking, 'fleetco', { LocationID: DEVICE, LocationType: 'Friendly', Latitude: 53, Longitude: -6 });
      const key = await createIngestKey(app, power, 'netzero');
      callers = {
        power: { name: 'power tenant user', headers: authHeaders(power, 'netzero') },
        tracking: { name: 'tracking tenant user', headers: authHeaders(tracking, 'fleetco') },
        installer: { name: 'installer', headers: authHeaders(installer, 'netzero') },
        ingest: { name: 'ingest key', headers: { authorization: `Bearer ${key.secret}` } },
        public: { name: 'anyone', headers: {} },
      };
      const ruleId = async (endpoint: EndpointDescription, caller: Caller) => {
        const created = await send(endpoint, caller, {
          params: {},
          query: {},
          body: VALID_BODIES[endpoint.operationId] ?? sampleOf(endpoint.body!, POOLS),
        });
        expect(created.statusCode, created.body).toBe(201);
        return created.json<{ alert_id: string }>().alert_id;
      };
      const withFirst = (id: string): SamplePools => ({ ...POOLS, strings: [id, ...POOLS.strings] });
      rulePools = {
        power: withFirst(await ruleId(powerAlertsApi.create, callers.power)),
        tracking: withFirst(await ruleId(trackingAlertsApi.create, callers.tracking)),
      };
      await installChangeCounter(db);
    });
    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    const send = (endpoint: EndpointDescription, caller: Caller, request: Request) => {
      const options: InjectOptions = { method: endpoint.method, url: urlOf(endpoint, request), headers: { ...caller.headers } };
      if (endpoint.consumes) {
        options.headers = { ...options.headers, 'content-type': endpoint.consumes[0]! };
        options.payload = TINY_PNG;
      } else if (request.body !== undefined) {
        options.headers = { ...options.headers, 'content-type': 'application/json' };
        options.payload = jsonWithDeepNesting(request.body);
      }
      return app.inject(options);
    };

    /** A valid request of the endpoint; for ingest, a batch of one good reading (the hostile one joins it). */
    function validRequest(endpoint: EndpointDescription): Request {
      const ofKind = (api: Record<string, EndpointDescription>) => Object.values(api).includes(endpoint);
      const pools = ofKind(powerAlertsApi) ? rulePools.power : ofKind(trackingAlertsApi) ? rulePools.tracking : POOLS;
      const sample = (schema: z.ZodType | undefined) => (schema ? sampleOf(schema, pools) : undefined);
      const body = endpoint.documentedBody
        ? { v: 1, messages: [reading(DEVICE, 0, new Date().toISOString())] }
        : (VALID_BODIES[endpoint.operationId] ?? sample(endpoint.body));
      return {
        params: (sample(endpoint.params) ?? {}) as Record<string, unknown>,
        query: (sample(endpoint.query) ?? {}) as Record<string, unknown>,
        body: endpoint.consumes ? undefined : body,
      };
    }

    /** Who calls: the kind of user the endpoint is for, and among tenants the first whose section it is. */
    async function callerFor(endpoint: EndpointDescription, request: Request): Promise<Caller> {
      if (endpoint.security === 'public') return callers.public;
      if (endpoint.security === 'ingestKey') return callers.ingest;
      if (endpoint.security === 'installer') return callers.installer;
      const pending = [callers.power, callers.tracking];
      for (const caller of pending) {
        const answer = await send(endpoint, caller, request);
        if (answer.statusCode !== 403 && answer.statusCode !== 404) return caller;
      }
      return callers.power;
    }

    /** The fields to make hostile: every path parameter, query field and body field, at every depth. */
    function targets(endpoint: EndpointDescription, request: Request): { part: Part; path: (string | number)[] }[] {
      const list: { part: Part; path: (string | number)[] }[] = [];
      for (const name of Object.keys(request.params)) list.push({ part: 'params', path: [name] });
      for (const name of Object.keys(request.query)) list.push({ part: 'query', path: [name] });
      if (endpoint.documentedBody) {
        const message = sampleOf(endpoint.documentedBody, POOLS) as { messages: unknown[] };
        for (const path of fieldPaths(message.messages[0])) list.push({ part: 'body', path: ['messages', 1, ...path] });
      } else if (request.body !== undefined && !endpoint.consumes) {
        for (const path of fieldPaths(request.body)) list.push({ part: 'body', path });
      }
      return list;
    }

    const failures: string[] = [];
    let requests = 0;
    const reads: { endpoint: EndpointDescription; caller: Caller; request: Request }[] = [];

    for (const endpoint of allEndpoints()) {
      it(`${endpoint.method} ${endpoint.path} refuses hostile input without a 5xx or a stored change`, { timeout: 120_000 }, async () => {
        const valid = validRequest(endpoint);
        for (const [part, schema] of [
          ['params', endpoint.params],
          ['query', endpoint.query],
        ] as const) {
          if (schema) expect(schema.safeParse(valid[part]).success, `a valid ${part} of ${endpoint.operationId}`).toBe(true);
        }
        if (endpoint.body && !endpoint.consumes) {
          expect(endpoint.body.safeParse(valid.body).success, `a valid body of ${endpoint.operationId}`).toBe(true);
        }
        const caller = await callerFor(endpoint, valid);
        if (endpoint.method === 'GET') reads.push({ endpoint, caller, request: valid });
        await takeWrites(db);
        const ingestMessage = endpoint.documentedBody
          ? (sampleOf(endpoint.documentedBody, POOLS) as { messages: unknown[] }).messages[0]
          : undefined;

        for (const target of targets(endpoint, valid)) {
          const field = [target.part, ...target.path].join('.');
          for (const hostile of HOSTILE_VALUES) {
            const request: Request = { ...valid, params: { ...valid.params }, query: { ...valid.query } };
            if (endpoint.documentedBody) {
              const good = reading(DEVICE, (seq += 1), new Date().toISOString());
              request.body = withValueAt({ v: 1, messages: [good, ingestMessage] }, target.path, hostile.value);
            } else {
              (request as unknown as Record<Part, unknown>)[target.part] = withValueAt(valid[target.part], target.path, hostile.value);
            }
            // A URL holds texts: no objects in it.
            if (
              target.part !== 'body' &&
              ((typeof hostile.value === 'object' && hostile.value !== null) || hostile.value === DEEPLY_NESTED)
            ) {
              continue;
            }
            requests += 1;
            const answer = await send(endpoint, caller, request);
            const writes = await takeWrites(db);
            const problem = judge(endpoint, hostile, answer, writes, field);
            if (problem) failures.push(`${endpoint.method} ${endpoint.path} as ${caller.name}, ${field} = ${hostile.label}: ${problem}`);
          }
        }
        expect(failures.filter((f) => f.startsWith(`${endpoint.method} ${endpoint.path} `))).toEqual([]);
      });
    }

    it('still answers every read without a 5xx over what the accepted unusual input left stored', async () => {
      // Values the API accepts can still break a later read (two sequence numbers far apart once overflowed the
      // messages page), so every read is sent again once all the hostile input has been through.
      const broken: string[] = [];
      for (const { endpoint, caller, request } of reads) {
        const answer = await send(endpoint, caller, request);
        if (answer.statusCode >= 500) broken.push(`${endpoint.path}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      }
      expect(reads.length).toBeGreaterThan(30);
      expect(broken).toEqual([]);
    });

    it('sent enough requests to mean something', () => {
      expect(requests).toBeGreaterThan(6_000);
    });
  });
}

/** Why an answer is wrong, or null when it is right. */
function judge(
  endpoint: EndpointDescription,
  hostile: HostileValue,
  answer: { statusCode: number; body: string },
  writes: string[],
  field: string,
): string | null {
  if (answer.statusCode >= 500) return `answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`;
  if (endpoint.documentedBody) {
    if (answer.statusCode !== 200) return `the batch answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`;
    const results = (JSON.parse(answer.body) as { results: { status: string; reason?: string }[] }).results;
    if (results[0]?.status !== 'accepted') return `the good message of the batch was not stored: ${JSON.stringify(results[0])}`;
    if (hostile.refused && results[1]?.status !== 'rejected') return `the hostile message was ${results[1]?.status}`;
    return null;
  }
  // A URL cannot carry half a character: it is sent as bytes that are not UTF-8, which the server refuses as a bad
  // URL (a path) or reads as U+FFFD (a query); either way nothing unstorable arrives, and no 5xx is all to ask.
  if (!field.startsWith('body') && hostile.label.includes('surrogate'))
    return answer.statusCode >= 300 && writes.length > 0 ? `wrote ${writes.join(', ')}` : null;
  if (hostile.refused && (answer.statusCode < 400 || answer.statusCode >= 500)) return `answered ${answer.statusCode}, not a 4xx`;
  const named = field.split('.').slice(1).join('.');
  if (hostile.refused && answer.statusCode === 400 && named !== '' && !answer.body.includes(named)) {
    return `the 400 does not name the field: ${answer.body.slice(0, 300)}`;
  }
  if (answer.statusCode >= 300 && writes.length > 0) return `answered ${answer.statusCode} but wrote ${writes.join(', ')}`;
  return null;
}
