import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configApi } from '@gridlens/contract/config';
import { reportSchedulesApi } from '@gridlens/contract/report-schedules';
import { openPglite, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { inject } from '../../test/support/inject';
import { authHeaders, createTestApp } from '../../test/support/test-app';
import { createRenderTickets } from './render-tickets';

describe('render tickets', () => {
  it('are good for their tenant, read-only, until they expire, and only in the process that minted them', async () => {
    let clock = Date.parse('2026-12-01T10:00:00Z');
    const tickets = createRenderTickets(() => clock);
    const ticket = await tickets.mint('fleetco', 60_000);
    expect(await tickets.verify(ticket)).toMatchObject({ tenantId: 'fleetco', readOnly: true, userId: 'report-delivery' });
    // Another process has keys of its own.
    const elsewhere = createRenderTickets(() => clock);
    await elsewhere.mint('fleetco', 60_000);
    expect(await elsewhere.verify(ticket)).toBeNull();
    // A ticket changed by one character is refused.
    expect(await tickets.verify(`${ticket.slice(0, -2)}${ticket.endsWith('A') ? 'B' : 'A'}x`)).toBeNull();
    clock += 61_000;
    expect(await tickets.verify(ticket)).toBeNull();
  });

  it('are no token at all to a process that has minted none', async () => {
    const minted = await createRenderTickets().mint('fleetco', 60_000);
    expect(await createRenderTickets().verify(minted)).toBeNull();
  });
});

describe('the API with a render ticket', () => {
  let db: Database;
  let app: FastifyInstance;
  let ticket: string;
  beforeAll(async () => {
    db = await openPglite(null);
    await migrate(db);
    const created = await createTestApp(db);
    app = created.app;
    ticket = await created.graph.renderTickets.mint('fleetco', 60_000);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('reads the tenant’s data', async () => {
    const answer = await inject(app, configApi.tenantSettings, { headers: authHeaders(ticket, 'fleetco') });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ type: 'tracking' });
  });

  it('changes nothing: a write is refused with 403 and nothing is stored', async () => {
    const before = await db.query('SELECT id FROM report_schedules');
    const answer = await inject(app, reportSchedulesApi.createSchedule, {
      headers: authHeaders(ticket, 'fleetco'),
      body: { report: 'kpi', frequency: 'daily', local_time: '07:00', language: 'EN', formats: ['csv'] },
    });
    expect(answer.statusCode).toBe(403);
    expect(await db.query('SELECT id FROM report_schedules')).toEqual(before);
  });

  it('is of its own tenant only', async () => {
    const answer = await inject(app, configApi.tenantSettings, { headers: authHeaders(ticket, 'netzero') });
    expect(answer.statusCode).toBe(403);
  });
});
