import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<Database>;
  /** Closes the database and, for PostgreSQL, drops the throw-away database. */
  dispose(db: Database): Promise<void>;
  /** PostgreSQL: the database's URL, for what opens connections of its own (another process, a session lock). */
  connectionString?(db: Database): string;
}

const pgliteDatabase: TestDatabase = {
  name: 'pglite',
  open: async () => {
    const db = await openPglite(null);
    await migrate(db);
    return db;
  },
  dispose: (db) => db.close(),
};

/** A fresh PostgreSQL database per suite (unique name), dropped afterwards, so runs never see each other's rows. */
function postgresDatabase(adminUrl: string): TestDatabase {
  const created = new Map<Database, string>();
  const urlOf = (dbName: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    return url.toString();
  };
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'postgres',
    async open() {
      const dbName = `gridlens_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
      await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
      const db = openPostgres(urlOf(dbName), 4);
      created.set(db, dbName);
      await migrate(db);
      return db;
    },
    connectionString(db) {
      const dbName = created.get(db);
      if (!dbName) throw new Error('not a database of this suite');
      return urlOf(dbName);
    },
    async dispose(db) {
      await db.close();
      const dbName = created.get(db);
      if (dbName) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    },
  };
}

/**
 * Integration suites run once per backend: always PGlite, and PostgreSQL too when TEST_DATABASE_URL
 * is set (CI sets it). Suite names carry the backend, so the output says which ran.
 */
export const TEST_DATABASES: TestDatabase[] = [
  pgliteDatabase,
  ...(process.env['TEST_DATABASE_URL'] ? [postgresDatabase(process.env['TEST_DATABASE_URL'])] : []),
];
