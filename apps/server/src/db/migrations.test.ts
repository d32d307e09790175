import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { loadMigrations, migrate, splitStatements } from './migrate';
import { seedDemoData } from '../demo/seed-demo';
import { TEST_DATABASES } from '../../test/support/test-databases';

describe('splitting a migration into statements', () => {
  it('ends statements at semicolons that end a line, but not inside a $$-quoted body, and drops comment lines', () => {
    const sql = [
      '-- a comment; with a semicolon;',
      'CREATE TABLE a (id integer);',
      'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$',
      'BEGIN',
      '  UPDATE a SET id = id + 1;',
      '  RETURN NULL;',
      'END $$;',
      'SELECT 1',
    ].join('\n');
    expect(splitStatements(sql)).toEqual([
      'CREATE TABLE a (id integer)',
      'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  UPDATE a SET id = id + 1;\n  RETURN NULL;\nEND $$',
      'SELECT 1',
    ]);
  });
});

for (const backend of TEST_DATABASES) {
  describe(`migrations [${backend.name}]`, () => {
    let db: Database;

    beforeAll(async () => {
      db = await backend.open(); // opening migrates the database
      await seedDemoData(db);
    });

    afterAll(async () => {
      if (db) await backend.dispose(db);
    });

    it('records every migration file as applied', async () => {
      const applied = (await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id')).map((r) => r.id);
      expect(applied).toEqual(loadMigrations().map((m) => m.id));
      expect(applied).toContain('0001_foundation');
    });

    it('applies nothing when run a second time and keeps the data', async () => {
      expect(await migrate(db)).toEqual([]);
      const tenants = await db.query<{ id: string }>('SELECT id FROM tenants ORDER BY id');
      expect(tenants.map((t) => t.id)).toEqual(['fleetco', 'gridwest', 'netzero']);
    });

    it('applies a new migration once', async () => {
      const extra = [...loadMigrations(), { id: '9000_probe', sql: 'CREATE TABLE migration_probe (id integer);' }];
      expect(await migrate(db, extra)).toEqual(['9000_probe']);
      expect(await migrate(db, extra)).toEqual([]);
      expect(await db.query('SELECT id FROM migration_probe')).toEqual([]);
    });

    it('rolls a failing migration back completely', async () => {
      const failing = { id: '9001_broken', sql: 'CREATE TABLE half_done (id integer);\nSELECT * FROM no_such_table;' };
      await expect(migrate(db, [failing])).rejects.toThrow();
      const leftovers = await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'");
      expect(leftovers).toEqual([]);
      expect(await db.query("SELECT id FROM schema_migrations WHERE id = '9001_broken'")).toEqual([]);
    });
  });
}
