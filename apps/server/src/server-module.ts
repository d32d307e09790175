import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import type { Queryable } from './db/database';
import type { ScheduledJob } from './scheduler/scheduler';

/**
 * What a module brings to the server, which the module graph (module-graph.ts) connects in one place: its routes
 * as Fastify plugins, grouped by who may call them (app.ts registers each group under its authentication), its
 * scheduled jobs, its listeners for other modules' hooks, and its part in data retention. Its services are what its
 * factory returns beside these, for the modules that call it.
 */
export interface ServerModule<Hooks extends object = object> {
  name: string;
  /** Routes for signed-in users of a tenant (inside the /api scope's auth hook). */
  api?: FastifyPluginCallback;
  /** Routes that Installer-only users may call too (spec §2 /checkcoverage). */
  installerApi?: FastifyPluginCallback;
  /** Routes with an authentication of their own (a device's ingest key), outside the users' sign-in. */
  open?: FastifyPluginCallback;
  jobs?: ScheduledJob[];
  /** Listeners for the named hooks of other modules (their names and signatures: module-graph.ts's ModuleHooks). */
  hooks?: Hooks;
  /** Data retention (RAW_RETENTION_DAYS): deletes this module's raw rows older than that, in retention's transaction. */
  prune?: (tx: Queryable, retentionDays: number) => Promise<Record<string, number>>;
  /** VACUUM (ANALYZE) of this module's hot tables after retention or a large seed; it cannot run in a transaction. */
  maintain?: () => Promise<void>;
  /**
   * What the module keeps in memory of its own tables, by table: forgotten when another process (or the operator's
   * command) changes the table, as the change feed tells (db/change-feed.ts, PostgreSQL).
   */
  cachedTables?: Record<string, () => void>;
}

/** A plugin that registers routes: each module's routes get their own encapsulated Fastify context. */
export const routesPlugin =
  (register: (app: FastifyInstance) => void): FastifyPluginCallback =>
  (app, _options, done) => {
    register(app);
    done();
  };
