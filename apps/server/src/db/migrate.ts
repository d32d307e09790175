import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any constant works; it only has to be the same for every process migrating this database.
const MIGRATION_LOCK_KEY = 7_340_011;

export interface Migration {
  id: string;
  sql: string;
}

export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({ id: file.replace(/\.sql$/, ''), sql: readFileSync(dir + file, 'utf8') }));
}

/**
 * Applies pending migrations in one transaction at start-up. The advisory lock makes a second
 * API process starting at the same time wait, then find nothing left to do.
 */
export async function migrate(db: Database, migrations: Migration[] = loadMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      applied.push(migration.id);
    }
    return applied;
  });
}

/**
 * Migration files hold statements separated by semicolons at line ends; a semicolon inside a $$-quoted
 * function body does not end its statement.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inBody = false;
  for (const line of sql.split('\n')) {
    const code = line.replace(/^\s*--.*$/, '');
    current.push(code);
    inBody = (code.split('$$').length - 1) % 2 === 1 ? !inBody : inBody;
    if (!inBody && /;\s*$/.test(code)) {
      statements.push(current.join('\n').replace(/;\s*$/, '').trim());
      current = [];
    }
  }
  statements.push(current.join('\n').trim());
  return statements.filter((s) => s.length > 0);
}
