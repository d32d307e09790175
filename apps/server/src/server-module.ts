import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import type { ScheduledJob } from './scheduler/scheduler';

/**
 * A capability of the server as app.ts lists it: its routes as Fastify plugins, grouped by who may call them
 * (app.ts registers each group under its authentication), and its scheduled jobs. Its services are what its
 * factory returns beside these, for the modules that call it.
 */
export interface ServerModule {
  name: string;
  /** Routes for signed-in users of a tenant (inside the /api scope's auth hook). */
  api?: FastifyPluginCallback;
  /** Routes that Installer-only users may call too (spec §2 /checkcoverage). */
  installerApi?: FastifyPluginCallback;
  /** Routes with an authentication of their own (a device's ingest key), outside the users' sign-in. */
  open?: FastifyPluginCallback;
  jobs?: ScheduledJob[];
}

/** A plugin that registers routes: each module's routes get their own encapsulated Fastify context. */
export const routesPlugin =
  (register: (app: FastifyInstance) => void): FastifyPluginCallback =>
  (app, _options, done) => {
    register(app);
    done();
  };
