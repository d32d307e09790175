import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthApi } from '@gridlens/contract/health';
import { ingestApi } from '@gridlens/contract/ingest';
import { pathOf } from '@gridlens/contract/route';
import { openPglite, openPostgres, type Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { seedDemoData } from '../../demo/seed-demo';
import { createIngestKeysRepository } from './ingest-keys.repository';
import { createIngestKeysService } from './ingest-keys.service';
import { countRows, reading } from '../../../test/support/power-fixtures';
import { TEST_DATABASES } from '../../../test/support/test-databases';
import { freePort, ServerProcess } from '../../../test/support/server-process';

const DEVICE = 'DURABLE-1';
const BATCH_SIZE = 500;

/** Where a backend keeps its data between two server processes, and how the test reads it afterwards. */
interface Storage {
  env: Record<string, string>;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

function pgliteStorage(dataDir: string): Storage {
  return { env: {}, open: () => openPglite(join(dataDir, 'pglite')), dispose: () => Promise.resolve() };
}

/** A throw-away database on the server of TEST_DATABASE_URL, as test-databases.ts makes them. */
async function postgresStorage(adminUrl: string): Promise<Storage> {
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const dbName = `gridlens_durability_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => Promise.resolve(openPostgres(url.toString(), 2)),
    dispose: () => admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`),
  };
}

/** The server accepts no connection once it is dead: the kill did not leave an orphan behind. */
const isListening = (url: string) =>
  fetch(`${url}${pathOf(healthApi.live)}`).then(
    () => true,
    () => false,
  );

for (const backend of TEST_DATABASES) {
  describe(`ingest durability across SIGKILL [${backend.name}]`, () => {
    let dataDir: string;
    let storage: Storage;
    let secret: string;
    const servers: ServerProcess[] = [];
    const startServer = async () => {
      const server = new ServerProcess(await freePort(), dataDir, storage.env);
      servers.push(server);
      await server.waitUntilReady();
      return server;
    };
    const postBatch = (server: ServerProcess, messages: unknown[]) =>
      fetch(`${server.url}${pathOf(ingestApi.messages)}`, {
        method: ingestApi.messages.method,
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ v: 1, messages }),
      });

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'gridlens-durability-'));
      const adminUrl = process.env['TEST_DATABASE_URL'];
      storage = backend.name === 'postgres' && adminUrl ? await postgresStorage(adminUrl) : pgliteStorage(dataDir);
      const db = await storage.open();
      try {
        await migrate(db);
        await seedDemoData(db);
        await db.query(
          "INSERT INTO power_devices (tenant_id, device_id, transformer_name, rating_kva) VALUES ('netzero', $1, 'Durable', 400)",
          [DEVICE],
        );
        secret = (await createIngestKeysService(createIngestKeysRepository(db)).create('netzero', 'durability-test', 'durability')).secret;
      } finally {
        await db.close();
      }
    });

    afterAll(async () => {
      for (const server of servers) await server.stop();
      await storage?.dispose();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('loses nothing acknowledged when the process is killed with SIGKILL right after the answer', { timeout: 60_000 }, async () => {
      const now = Date.now();
      const batch = Array.from({ length: BATCH_SIZE }, (_v, seq) =>
        reading(DEVICE, seq, new Date(now - (BATCH_SIZE - seq) * 15 * 60_000).toISOString(), { current_max_a: [seq % 200, 50, 40] }),
      );

      const first = await startServer();
      const answer = await postBatch(first, batch);
      // The status line is in: the acknowledgement has been sent. Kill at once, before anything else can run.
      first.signal('SIGKILL');
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ accepted: BATCH_SIZE, duplicates: 0, rejected: 0 });
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(await isListening(first.url)).toBe(false);

      // A new process on the same data: every acknowledged message is already there.
      const second = await startServer();
      const again = await postBatch(second, batch);
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ accepted: 0, duplicates: BATCH_SIZE, rejected: 0 });
      second.signal('SIGTERM');
      expect((await second.exited).code).toBe(0);

      const db = await storage.open();
      try {
        expect(await countRows(db, "SELECT 1 FROM power_messages WHERE tenant_id = 'netzero' AND device_id = $1", [DEVICE])).toBe(
          BATCH_SIZE,
        );
        const seqs = await db.query<{ min: number; max: number }>(
          'SELECT min(seq)::int AS min, max(seq)::int AS max FROM power_messages WHERE device_id = $1',
          [DEVICE],
        );
        expect(seqs).toEqual([{ min: 0, max: BATCH_SIZE - 1 }]);
        // The rollups were committed with the rows, and the repeated batch did not count twice.
        const daily = await db.query<{ n: number }>('SELECT sum(message_count)::int AS n FROM power_device_daily WHERE device_id = $1', [
          DEVICE,
        ]);
        expect(daily).toEqual([{ n: BATCH_SIZE }]);
        const latest = await db.query<{ last_seq: number }>(
          'SELECT last_seq::int AS last_seq FROM power_device_latest WHERE device_id = $1',
          [DEVICE],
        );
        expect(latest).toEqual([{ last_seq: BATCH_SIZE - 1 }]);
      } finally {
        await db.close();
      }
    });
  });
}
