import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { allEndpoints } from '@gridlens/contract/api-catalogue';
import { assetsApi } from '@gridlens/contract/assets';
import { evModelsApi, hpModelsApi } from '@gridlens/contract/load-models';
import { API_PREFIX } from '@gridlens/contract/route';
import { openPglite, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { createTestApp } from '../../test/support/test-app';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

/** Redocly's recommended rules, as an integrator's tooling would run them; a generated client needs operationIds. */
async function lint(document: unknown): Promise<NormalizedProblem[]> {
  const config = await createConfig({ extends: ['recommended'], rules: { 'operation-operationId': 'error' } });
  return lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
}

/** Three public status operations take no input and answer no client error; every other operation has 4xx answers. */
const PUBLIC_WITHOUT_4XX = ['/healthz', '/readyz', '/client-config.json'].map(
  (path) => `#/paths/${path.replaceAll('/', '~1')}/get/responses`,
);

const problemText = (problem: NormalizedProblem) =>
  `${problem.severity} ${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`;

// The document is built from code alone; PGlite stands in for the database the app needs to start. The app serves a
// web app build, as in production, so that the web app's own routes (its client-side catch-all) are there to leak.
describe('the OpenAPI document', () => {
  let db: Database;
  let app: FastifyInstance;
  let document: Document;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'openapi-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
    db = await openPglite(null);
    await migrate(db);
    ({ app } = await createTestApp(db, { env: { WEB_DIST_DIR: webDist } }));
    await app.ready();
    document = app.swagger() as unknown as Document;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("passes Redocly's recommended rules with no error and no warning", async () => {
    const problems = (await lint(document)).filter(
      (problem) => !(problem.ruleId === 'operation-4xx-response' && PUBLIC_WITHOUT_4XX.includes(problem.location[0]?.pointer ?? '')),
    );
    expect(problems.map(problemText)).toEqual([]);
  });

  it('fails that lint when a fault is planted: an operation without its id, an answer pointing at a missing schema', async () => {
    const planted = structuredClone(document);
    const list = planted.paths[assetsApi.list.path]?.[assetsApi.list.method.toLowerCase()];
    if (!list?.responses) throw new Error('the assets list is missing from the document');
    delete list.operationId;
    list.responses['200'] = { description: 'x', content: { 'application/json': { schema: { $ref: '#/components/schemas/Nowhere' } } } };
    const errors = (await lint(planted)).filter((problem) => problem.severity === 'error').map((problem) => problem.ruleId);
    expect(errors).toEqual(expect.arrayContaining(['operation-operationId', 'no-unresolved-refs']));
  });

  it("leaves out the web app's client-side routes, which the app does serve", async () => {
    const page = await app.inject({ method: 'GET', url: '/assets-list/somewhere' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(
      Object.keys(document.paths)
        .filter((path) => !path.startsWith(API_PREFIX) && !path.startsWith('/ingest/'))
        .sort(),
    ).toEqual(['/client-config.json', '/healthz', '/readyz']);
  });

  it('declares the 404 a tracking tenant gets from the EV and heat-pump model lists', () => {
    for (const operation of [evModelsApi.list, evModelsApi.create, hpModelsApi.list, hpModelsApi.create]) {
      const path = operation.path.replace(/:(\w+)/g, '{$1}');
      expect(Object.keys(document.paths[path]?.[operation.method.toLowerCase()]?.responses ?? {})).toContain('404');
    }
  });

  it("holds exactly the contract's endpoints, each with its operationId, summary and security", () => {
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, ...operation })),
    );
    const contract = allEndpoints();
    const key = (method: string, path: string) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`;
    expect(documented.map((operation) => key(operation.method, operation.path)).sort()).toEqual(
      contract.map((endpoint) => key(endpoint.method, endpoint.path)).sort(),
    );
    for (const endpoint of contract) {
      const operation = documented.find((candidate) => key(candidate.method, candidate.path) === key(endpoint.method, endpoint.path));
      expect(operation?.operationId).toBe(endpoint.operationId);
      expect(operation?.summary).toBe(endpoint.summary);
      expect((operation?.security ?? []).length > 0).toBe(endpoint.security !== 'public');
    }
    const ids = contract.map((endpoint) => endpoint.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents every ingest message kind and keeps no component that no operation uses', () => {
    const text = JSON.stringify(document.paths);
    const schemas = document.components.schemas;
    expect(Object.keys(schemas)).toContain('DeviceMessage');
    const reachable = new Set<string>();
    const pending = [...text.matchAll(/#\/components\/schemas\/([^"]+)/g)].map((match) => match[1] as string);
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      if (reachable.has(name)) continue;
      reachable.add(name);
      pending.push(...[...JSON.stringify(schemas[name]).matchAll(/#\/components\/schemas\/([^"]+)/g)].map((match) => match[1] as string));
    }
    expect(Object.keys(schemas).filter((name) => !reachable.has(name))).toEqual([]);
    expect(reachable.has('DeviceMessage')).toBe(true);
  });
});
