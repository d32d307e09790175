import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from '../apps/server/src/db/database';
import { createTenantsRepository } from '../apps/server/src/modules/tenants/tenants.repository';
import { TEST_DATABASES } from '../apps/server/test/support/test-databases';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** `npm run tenant -- ...` as an operator runs it (node with tsx, as the npm script does), with only the given settings. */
function tenantCommand(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/tenant.ts', ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? tmpdir(), TMPDIR: tmpdir(), LOG_LEVEL: 'warn', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const ADD = ['add', 'acme', '--name', 'Acme Power', '--type', 'powerdata', '--tabs', 'assets,powercoil_report=Daily grid report'];
const ADDED = {
  id: 'acme',
  name: 'Acme Power',
  type: 'powerdata',
  tabs: [
    { id: 'assets', label: '' },
    { id: 'powercoil_report', label: 'Daily grid report' },
  ],
};

describe('npm run tenant on the embedded database (DATA_DIR)', { timeout: 120_000 }, () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tenant-command-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates the database on first use and adds the tenant the server will read', async () => {
    const result = await tenantCommand(ADD, { DATA_DIR: dataDir });
    expect(result.stderr).toContain(join(dataDir, 'pglite'));
    expect(result).toMatchObject({ code: 0, stdout: 'Added tenant acme\n' });
    const db = await openPglite(join(dataDir, 'pglite'));
    try {
      expect(await createTenantsRepository(db).findById('acme')).toMatchObject(ADDED);
    } finally {
      await db.close();
    }
  });

  it('refuses, saying why, while another process (a running server) has the database open', async () => {
    const db = await openPglite(join(dataDir, 'pglite'));
    try {
      const result = await tenantCommand(['list'], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`in use by process ${process.pid}`);
      expect(result.stderr).toContain('one process at a time');
    } finally {
      await db.close();
    }
    expect((await tenantCommand(['list'], { DATA_DIR: dataDir })).stdout).toContain('acme\tpowerdata');
  });

  it('refuses an empty tabs list naming the field, with exit code 1', async () => {
    const result = await tenantCommand(['set', 'acme', '--tabs', ''], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('tabs (--tabs): tabs must name at least one section');
  });
});

const postgres = TEST_DATABASES.find((backend) => backend.name === 'postgres');
describe.runIf(postgres)('npm run tenant on PostgreSQL (DATABASE_URL)', { timeout: 120_000 }, () => {
  let db: Database;
  beforeAll(async () => {
    db = await postgres!.open();
  });
  afterAll(() => postgres!.dispose(db));

  it('adds and changes the tenant in the database the server shares, while it is open elsewhere', async () => {
    const env = { DATABASE_URL: postgres!.connectionString!(db), DATA_DIR: '/nonexistent' };
    expect(await tenantCommand(ADD, env)).toMatchObject({ code: 0, stdout: 'Added tenant acme\n' });
    expect((await tenantCommand(['set', 'acme', '--language', 'pl'], env)).code).toBe(0);
    expect(await createTenantsRepository(db).findById('acme')).toMatchObject({ ...ADDED, language: 'PL' });
  });
});
