import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { healthApi } from '@gridlens/contract/health';
import { pathOf } from '@gridlens/contract/route';
import { assetsRoutes } from '@gridlens/contract/routes/assets';
import { ingestRoutes } from '@gridlens/contract/routes/ingest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from './db/database';
import { sessionClientIds } from './modules/ingest/mqtt-subscriber';
import { deviceMessagesTopic } from './modules/ingest/mqtt-topics';
import { fetchSender, signInThroughProvider } from '../test/support/embedded-sign-in';
import { discardBrokerSessions } from '../test/support/mqtt-sessions';
import { reading } from '../test/support/power-fixtures';
import { freePort, ServerProcess } from '../test/support/server-process';
import { TEST_DATABASES } from '../test/support/test-databases';

/**
 * Issue 31: the portal as a national utility runs it, several identical processes behind a real load balancer
 * (HAProxy, Debian's package) on one PostgreSQL and one MQTT broker (Mosquitto). Signed in through the balancer,
 * devices sending over HTTP and MQTT through both processes, one process killed mid-stream and started again, an
 * ingest key revoked: nothing lost, nothing doubled, nothing allowed after the revocation.
 */
const postgres = TEST_DATABASES.find((backend) => backend.name === 'postgres');
const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((path) => spawnSync(path, ['-v']).status === 0);
const BROKER_URL = process.env['TEST_MQTT_URL'] ?? 'mqtt://127.0.0.1:1883';
const ADMIN = { email: 'admin@gridlens.demo', password: 'admin-demo' };
const TENANT = 'netzero';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** HAProxy in front of the processes: round robin per request, health checks on readiness, each answer naming its server. */
function startBalancer(port: number, backends: { name: string; port: number }[], dir: string): ChildProcess {
  const config = [
    'global',
    '  maxconn 256',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  retries 2',
    '  option redispatch',
    'frontend portal',
    `  bind 127.0.0.1:${port}`,
    '  default_backend processes',
    'backend processes',
    '  balance roundrobin',
    '  option forwardfor',
    `  option httpchk GET ${pathOf(healthApi.ready)}`,
    '  default-server inter 300ms fall 2 rise 1',
    '  http-response set-header X-Served-By %s',
    ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`),
  ].join('\n');
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, `${config}\n`);
  // scripts/ensure-haproxy.mjs installs it before the tests when TEST_DATABASE_URL is set.
  if (!HAPROXY) throw new Error('HAProxy is not installed (Debian: apt-get install haproxy)');
  return spawn(HAPROXY, ['-f', file, '-db'], { stdio: 'ignore' });
}

describe.runIf(postgres)('two portal processes behind HAProxy on one PostgreSQL and one broker', () => {
  const prefix = `gridlens-lb-${randomBytes(4).toString('hex')}`;
  const devices = [0, 1, 2, 3].map((i) => `LB-${prefix.slice(-8)}-${i}`);
  let db: Database;
  let dir: string;
  let balancer: ChildProcess;
  let lbUrl: string;
  const ports: Record<'a' | 'b', number> = { a: 0, b: 0 };
  const servers: ServerProcess[] = [];

  const startServer = (port: number) => {
    const server = new ServerProcess(port, dir, {
      DATABASE_URL: postgres!.connectionString!(db),
      PUBLIC_URL: lbUrl,
      TRUST_PROXY: '127.0.0.1',
      MQTT_URL: BROKER_URL,
      MQTT_TOPIC_PREFIX: prefix,
      MQTT_SHARE_GROUP: prefix,
      MQTT_CLIENT_ID: prefix,
      LOG_LEVEL: 'info',
    });
    servers.push(server);
    return server;
  };
  const api = async (token: string, method: string, path: string, body?: unknown, base = lbUrl) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, tenant: TENANT, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? null : JSON.stringify(body),
    });
    return { status: response.status, servedBy: response.headers.get('x-served-by'), body: await response.text() };
  };
  const ingest = (key: string, messages: unknown[], base = lbUrl) =>
    fetch(`${base}${pathOf(ingestRoutes.messages)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ v: 1, messages }),
    }).then(
      (response) => response.status,
      () => 0, // the process died with the request in flight: a device sends it again
    );

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gridlens-lb-'));
    db = await postgres!.open();
    const lbPort = await freePort();
    lbUrl = `http://127.0.0.1:${lbPort}`;
    ports.a = await freePort();
    ports.b = await freePort();
    const [a, b] = [startServer(ports.a), startServer(ports.b)];
    await Promise.all([a.waitUntilReady(), b.waitUntilReady()]);
    balancer = startBalancer(
      lbPort,
      [
        { name: 'a', port: ports.a },
        { name: 'b', port: ports.b },
      ],
      dir,
    );
    await vi.waitFor(async () => expect((await fetch(`${lbUrl}${pathOf(healthApi.ready)}`)).status).toBe(200), {
      timeout: 10_000,
      interval: 100,
    });
  }, 120_000);

  afterAll(async () => {
    balancer?.kill('SIGKILL');
    for (const server of servers) await server.stop();
    await discardBrokerSessions(BROKER_URL, sessionClientIds(prefix));
    await postgres!.dispose(db);
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'signs in, ingests over HTTP and MQTT through both, survives a killed process, and revokes a key everywhere',
    { timeout: 240_000 },
    async () => {
      // Sign-in through the balancer: its steps answered by both processes, each reading the other's cookies and codes.
      const served = new Set<string>();
      const send = fetchSender(lbUrl);
      const { accessToken } = await signInThroughProvider(
        async (request) => {
          const answer = await send(request);
          const by = answer.headers['x-served-by'];
          if (typeof by === 'string') served.add(by);
          return answer;
        },
        lbUrl,
        ADMIN,
      );
      expect([...served].sort()).toEqual(['a', 'b']);
      // The token one process signed is accepted by each process directly.
      for (const port of [ports.a, ports.b])
        expect((await api(accessToken, 'GET', pathOf(ingestRoutes.keys), undefined, `http://127.0.0.1:${port}`)).status).toBe(200);

      // The demo was seeded once, by one process: NetZero has its five planner groups, not ten.
      const [groups] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM rollout_groups WHERE tenant_id = 'netzero'");
      expect(groups?.n).toBe(5);
      const leaders = servers.filter((s) =>
        s.logLines().some((l) => l.msg === 'this process plays the role for every process of the portal'),
      );
      expect(leaders).toHaveLength(1);

      for (const device of devices) {
        const registered = await api(accessToken, 'POST', pathOf(assetsRoutes.register), {
          device_id: device,
          transformer_name: device,
          rating_kva: 400,
        });
        expect(registered.status, registered.body).toBe(201);
      }
      const created = await api(accessToken, 'POST', pathOf(ingestRoutes.createKey), { name: 'Balancer test' });
      expect(created.status, created.body).toBe(201);
      const key = JSON.parse(created.body) as { id: string; secret: string };

      // Devices send: over HTTP through the balancer (a batch refused or cut off is sent again, as a device does), and
      // over MQTT to the broker, whose sessions both processes share.
      let httpSeq = 0;
      let sending = true;
      const httpSent = (async () => {
        const start = Date.now() - 3_600_000;
        while (sending) {
          const batch = devices.map((device, i) => reading(device, httpSeq + i, new Date(start + (httpSeq + i) * 1000).toISOString()));
          while ((await ingest(key.secret, batch)) !== 200) await pause(100);
          httpSeq += devices.length;
          await pause(20);
        }
      })();
      const mqttClient = await mqtt.connectAsync(BROKER_URL, { protocolVersion: 5, reconnectPeriod: 1000 });
      const mqttDevice = devices[0]!;
      let mqttSent = 0;
      const mqttDone = (async () => {
        const start = Date.now() - 1_800_000;
        while (sending) {
          const seq = 1_000_000 + mqttSent;
          await mqttClient.publishAsync(
            deviceMessagesTopic(prefix, TENANT, mqttDevice),
            JSON.stringify(reading(mqttDevice, seq, new Date(start + mqttSent * 1000).toISOString())),
            {
              qos: 1,
            },
          );
          mqttSent += 1;
          await pause(20);
        }
      })();
      await pause(1500);

      // One process killed mid-stream, and started again on its address.
      const a = servers[0]!;
      a.signal('SIGKILL');
      await a.exited;
      await pause(1500);
      const again = startServer(ports.a);
      await again.waitUntilReady();
      await pause(1500);
      sending = false;
      await Promise.all([httpSent, mqttDone]);
      await mqttClient.endAsync();

      // Every message stored once: the HTTP batches' (device, seq) and the MQTT ones, no more.
      const expectedHttp = httpSeq;
      await vi.waitFor(
        async () => {
          const [row] = await db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM power_messages WHERE tenant_id = 'netzero' AND device_id = ANY($1)",
            [devices],
          );
          expect(row?.n).toBe(expectedHttp + mqttSent);
        },
        { timeout: 60_000, interval: 200 },
      );
      const [distinct] = await db.query<{ n: number; http: number }>(
        `SELECT count(DISTINCT (device_id, seq))::int AS n, count(*) FILTER (WHERE seq < 1000000)::int AS http
         FROM power_messages WHERE tenant_id = 'netzero' AND device_id = ANY($1)`,
        [devices],
      );
      expect(distinct).toEqual({ n: expectedHttp + mqttSent, http: expectedHttp });
      expect(expectedHttp).toBeGreaterThan(100);
      expect(mqttSent).toBeGreaterThan(20);

      // The key revoked through the balancer: refused at once by every process, the restarted one too.
      const ok = await ingest(key.secret, [reading(devices[1]!, 5_000_000, new Date(Date.now() - 60_000).toISOString())]);
      expect(ok).toBe(200);
      expect((await api(accessToken, 'DELETE', pathOf(ingestRoutes.revokeKey, { id: key.id }))).status).toBe(200);
      await vi.waitFor(
        async () => {
          for (const port of [ports.a, ports.b])
            expect(
              await ingest(
                key.secret,
                [reading(devices[1]!, 5_000_001, new Date(Date.now() - 30_000).toISOString())],
                `http://127.0.0.1:${port}`,
              ),
            ).toBe(401);
        },
        { timeout: 3_000, interval: 100 },
      );
      const [late] = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM power_messages WHERE tenant_id = 'netzero' AND device_id = $1 AND seq = 5000001",
        [devices[1]],
      );
      expect(late?.n).toBe(0);
    },
  );
});
