import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import { reportSchedulesApi as api } from '@gridlens/contract/report-schedules';
import type { Database } from '../../db/database';
import { expectValidationError } from '../../../test/support/api-assertions';
import { countRows } from '../../../test/support/power-fixtures';
import { inject, type EndpointCall } from '../../../test/support/inject';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

// The clock of the whole suite: Friday 6 March 2026, 12:00 UTC (New York changes to daylight time on the 8th).
const NOW = Date.parse('2026-03-06T12:00:00Z');
const ANOTHER_TENANT_ID = '00000000-0000-4000-8000-000000000000';

const weekly = {
  report: 'fleet',
  frequency: 'weekly',
  day_of_week: 1,
  local_time: '07:00',
  language: 'EN',
  formats: ['pdf', 'csv'],
} as const;

for (const backend of TEST_DATABASES) {
  describe(`report management API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let fleet: string;
    let power: string;
    let installer: string;
    let issuer: Awaited<ReturnType<typeof createTestApp>>['issuer'];
    const tokenOf = (sub: string, tenant = 'fleetco') => issuer.token({ sub, tenant });
    const call = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}, token = fleet, tenant = 'fleetco') =>
      inject(app, endpoint, { ...request, headers: authHeaders(token, tenant) });
    const asPower = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}) =>
      call(endpoint, request, power, 'netzero');
    const createSchedule = async (body: Record<string, unknown> = weekly) => {
      const response = await call(api.createSchedule, { body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    const schedules = () => countRows(db, 'SELECT id FROM report_schedules', []);
    const recipients = () => countRows(db, 'SELECT id FROM report_schedule_recipients', []);

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db, { timeZones: { fleetco: 'America/New_York' }, now: () => NOW });
      app = created.app;
      issuer = created.issuer;
      fleet = await created.issuer.token({ sub: 'fleet-user', tenant: 'fleetco' });
      power = await created.issuer.token({ sub: 'power-user', tenant: 'netzero' });
      installer = await created.issuer.token({ sub: 'installer', tenant: 'fleetco', roles: ['Installer'] });
      await db.query("INSERT INTO customers (tenant_id, customer_id, name) VALUES ('fleetco', 'ACME', 'Acme')");
      await db.query("INSERT INTO customers (tenant_id, customer_id, name) VALUES ('netzero', 'NZ-CUST', 'Other tenant’s customer')");
    });

    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('creates a schedule in the tenant’s zone, due next at its local time, and keeps who made it', async () => {
      const schedule = await createSchedule();
      expect(schedule).toMatchObject({
        ...weekly,
        day_of_month: null,
        time_zone: 'America/New_York',
        customer_id: null,
        only_when_attention: false,
        recipient_count: 0,
        created_by: 'fleet-user',
        updated_by: 'fleet-user',
        // Monday 9 March 07:00 in New York, already in daylight time (UTC-4).
        next_due_at: '2026-03-09T11:00:00.000Z',
      });
      expect((await call(api.schedules)).json().map((s: { id: string }) => s.id)).toContain(schedule.id);
      const detail = (await call(api.schedule, { params: { id: schedule.id } })).json();
      expect(detail).toMatchObject({ id: schedule.id, runs: [] });
    });

    it('replaces a schedule whole, in a zone set on it, and records who changed it', async () => {
      const schedule = await createSchedule();
      const body = { ...weekly, frequency: 'monthly', day_of_week: null, day_of_month: 28, time_zone: 'Europe/Dublin', language: 'GA' };
      const response = await call(api.updateSchedule, { params: { id: schedule.id }, body }, await tokenOf('other-fleet-user'));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        frequency: 'monthly',
        day_of_week: null,
        day_of_month: 28,
        time_zone: 'Europe/Dublin',
        language: 'GA',
        created_by: 'fleet-user',
        updated_by: 'other-fleet-user',
        next_due_at: '2026-03-28T07:00:00.000Z',
      });
    });

    it.each([
      { case: 'an unknown time zone', patch: { time_zone: 'Europe/Atlantis' }, field: 'time_zone' },
      { case: 'a time of 25:00', patch: { local_time: '25:00' }, field: 'local_time' },
      { case: 'a time without its minutes', patch: { local_time: '7' }, field: 'local_time' },
      { case: 'no format', patch: { formats: [] }, field: 'formats' },
      { case: 'an unknown format', patch: { formats: ['docx'] }, field: 'formats.0' },
      { case: 'a format twice', patch: { formats: ['pdf', 'pdf'] }, field: 'formats' },
      { case: 'a weekly schedule without its day', patch: { day_of_week: null }, field: 'day_of_week' },
      { case: 'day of week 8', patch: { day_of_week: 8 }, field: 'day_of_week' },
      {
        case: 'a monthly schedule on the 31st',
        patch: { frequency: 'monthly', day_of_week: null, day_of_month: 31 },
        field: 'day_of_month',
      },
      { case: 'an hourly frequency', patch: { frequency: 'hourly' }, field: 'frequency' },
      { case: 'a language outside the five', patch: { language: 'DE' }, field: 'language' },
      { case: 'the power report for a tracking tenant', patch: { report: 'power' }, field: 'report' },
      { case: 'a field the schedule does not have', patch: { cron: '* * * * *' }, field: 'cron' },
      { case: 'a customer the tenant does not have', patch: { customer_id: 'NOBODY' }, field: 'customer_id' },
      { case: 'another tenant’s customer', patch: { customer_id: 'NZ-CUST' }, field: 'customer_id' },
    ])('refuses $case with 400 naming $field, and stores nothing', async ({ patch, field }) => {
      const before = await schedules();
      expectValidationError(await call(api.createSchedule, { body: { ...weekly, ...patch } }), field);
      expect(await schedules()).toBe(before);
    });

    it('refuses a fleet report for a power-data tenant and takes its power report', async () => {
      expectValidationError(await asPower(api.createSchedule, { body: weekly }), 'report');
      const response = await asPower(api.createSchedule, {
        body: { report: 'power', frequency: 'daily', local_time: '06:30', language: 'FR', formats: ['xlsx'], only_when_attention: true },
      });
      expect(response.statusCode, response.body).toBe(201);
      // netzero's calendar is UTC in the tests: 06:30 on the next day.
      expect(response.json()).toMatchObject({ report: 'power', only_when_attention: true, next_due_at: '2026-03-07T06:30:00.000Z' });
    });

    it('leaves a schedule as it was when its replacement is refused', async () => {
      const schedule = await createSchedule();
      expectValidationError(await call(api.updateSchedule, { params: { id: schedule.id }, body: { ...weekly, formats: [] } }), 'formats');
      expect((await call(api.schedule, { params: { id: schedule.id } })).json().formats).toEqual(['pdf', 'csv']);
    });

    it('adds, lists and removes a schedule’s recipients', async () => {
      const schedule = await createSchedule();
      const added = await call(api.addRecipient, {
        params: { id: schedule.id },
        body: { name: 'Aoife Byrne', email: 'aoife@example.com', nickname: 'Aoife' },
      });
      expect(added.statusCode, added.body).toBe(201);
      const recipient = added.json();
      expect(recipient).toMatchObject({ schedule_id: schedule.id, name: 'Aoife Byrne', email: 'aoife@example.com', nickname: 'Aoife' });
      expect((await call(api.recipients, { params: { id: schedule.id } })).json()).toEqual([recipient]);
      expect((await call(api.schedule, { params: { id: schedule.id } })).json().recipient_count).toBe(1);
      const removed = await call(api.removeRecipient, { params: { report_id: schedule.id, recipient_id: recipient.recipient_id } });
      expect(removed.statusCode).toBe(200);
      expect((await call(api.recipients, { params: { id: schedule.id } })).json()).toEqual([]);
      expect(
        (await call(api.removeRecipient, { params: { report_id: schedule.id, recipient_id: recipient.recipient_id } })).statusCode,
      ).toBe(404);
    });

    it.each([
      {
        case: 'an email that is not one',
        body: { name: 'Ciara', email: 'ciara.example.com' },
        field: 'email',
        message: 'Email must be valid',
      },
      { case: 'no name', body: { name: '  ', email: 'c@example.com' }, field: 'name', message: 'This field is required' },
      {
        case: 'a 60-character name',
        body: { name: 'x'.repeat(60), email: 'c@example.com' },
        field: 'name',
        message: 'Must be less than 50 characters',
      },
      {
        case: 'a 60-character nickname',
        body: { name: 'Ciara', email: 'c@example.com', nickname: 'x'.repeat(60) },
        field: 'nickname',
        message: 'Must be less than 50 characters',
      },
    ])('refuses a recipient with $case in the words of spec §5, and stores nothing', async ({ body, field, message }) => {
      const schedule = await createSchedule();
      const before = await recipients();
      const response = await call(api.addRecipient, { params: { id: schedule.id }, body });
      expectValidationError(response, field);
      expect(response.json<{ details: { message: string }[] }>().details.map((d) => d.message)).toContain(message);
      expect(await recipients()).toBe(before);
    });

    it('deletes a schedule with its recipients', async () => {
      const schedule = await createSchedule();
      await call(api.addRecipient, { params: { id: schedule.id }, body: { name: 'Dara', email: 'dara@example.com' } });
      expect((await call(api.removeSchedule, { params: { id: schedule.id } })).statusCode).toBe(200);
      expect((await call(api.schedule, { params: { id: schedule.id } })).statusCode).toBe(404);
      expect(await countRows(db, 'SELECT id FROM report_schedule_recipients WHERE schedule_id = $1', [schedule.id])).toBe(0);
    });

    it('shows a schedule’s deliveries, newest first', async () => {
      const schedule = await createSchedule();
      await db.query(
        `INSERT INTO report_schedule_runs (tenant_id, schedule_id, due_at, status, sent_at, recipients, formats, reason)
         VALUES ('fleetco', $1, '2026-02-23T12:00:00Z', 'sent', '2026-02-23T12:01:00Z', '{a@example.com,b@example.com}', '{pdf,csv}', NULL),
                ('fleetco', $1, '2026-03-02T12:00:00Z', 'skipped', NULL, '{}', '{}', 'Nothing needed attention')`,
        [schedule.id],
      );
      const { runs } = (await call(api.schedule, { params: { id: schedule.id } })).json();
      expect(runs).toMatchObject([
        { due_at: '2026-03-02T12:00:00.000Z', status: 'skipped', sent_at: null, recipient_count: 0, reason: 'Nothing needed attention' },
        {
          due_at: '2026-02-23T12:00:00.000Z',
          status: 'sent',
          sent_at: '2026-02-23T12:01:00.000Z',
          recipient_count: 2,
          formats: ['pdf', 'csv'],
        },
      ]);
      // One run per schedule and due time, whatever the number of processes that try to claim it.
      await expect(
        db.query(`INSERT INTO report_schedule_runs (tenant_id, schedule_id, due_at) VALUES ('fleetco', $1, '2026-03-02T12:00:00Z')`, [
          schedule.id,
        ]),
      ).rejects.toThrow();
    });

    describe('another tenant', () => {
      it('cannot read, change, delete or add to a schedule, nor see or remove its recipients', async () => {
        const schedule = await createSchedule();
        const recipient = (
          await call(api.addRecipient, { params: { id: schedule.id }, body: { name: 'Private', email: 'private@fleetco.example' } })
        ).json();
        const id = { id: schedule.id };
        const answers = [
          await asPower(api.schedule, { params: id }),
          await asPower(api.updateSchedule, { params: id, body: { ...weekly, report: 'power', frequency: 'daily', day_of_week: null } }),
          await asPower(api.removeSchedule, { params: id }),
          await asPower(api.recipients, { params: id }),
          await asPower(api.addRecipient, { params: id, body: { name: 'Intruder', email: 'intruder@example.com' } }),
          await asPower(api.removeRecipient, { params: { report_id: schedule.id, recipient_id: recipient.recipient_id } }),
        ];
        for (const answer of answers) {
          expect(answer.statusCode, answer.body).toBe(404);
          expect(answer.body).not.toContain('private@fleetco.example');
        }
        expect((await asPower(api.schedules)).json().map((s: { id: string }) => s.id)).not.toContain(schedule.id);
        expect((await call(api.recipients, { params: id })).json()).toEqual([recipient]);
        expect((await call(api.schedule, { params: id })).json()).toMatchObject({ frequency: 'weekly', language: 'EN' });
      });

      it('answers 404 for an unknown schedule as for another tenant’s', async () => {
        expect((await call(api.schedule, { params: { id: ANOTHER_TENANT_ID } })).statusCode).toBe(404);
        expect((await call(api.recipients, { params: { id: ANOTHER_TENANT_ID } })).statusCode).toBe(404);
      });

      it('never lists another tenant’s stored reports', async () => {
        expect((await call(api.addReport, { body: { kind: 'fleet', week: '2026-02-11' } })).statusCode).toBe(201);
        const page = (await asPower(api.reports, { params: { page: 1, per_page: 24 } })).json();
        expect(page.items.filter((r: { kind: string }) => r.kind === 'fleet')).toEqual([]);
      });
    });

    describe('stored reports', () => {
      it('lists none for a tenant without any, then the weeks stored, newest first', async () => {
        const empty = await call(api.reports, { params: { page: 1, per_page: 24 } }, await tokenOf('g', 'gridwest'), 'gridwest');
        expect(empty.statusCode).toBe(200);
        expect(empty.json()).toEqual({ items: [], page: 1, per_page: 24, total: 0 });
        for (const day of ['2026-02-02', '2026-02-19', '2026-01-28']) {
          const added = await call(api.addReport, { body: { kind: 'kpi', week: day } });
          expect(added.statusCode, added.body).toBe(201);
        }
        const page = (await call(api.reports, { params: { page: 1, per_page: 24 } })).json();
        const kpi = page.items.filter((r: { kind: string }) => r.kind === 'kpi');
        // Each week is named by its Monday in the tenant's calendar.
        expect(kpi.map((r: { week: string | null }) => r.week)).toEqual(['2026-02-16', '2026-02-02', '2026-01-26']);
        expect(kpi[0]).toMatchObject({ day: null, customer_id: null, created_by: 'fleet-user' });
      });

      it('produces the same report again rather than storing it twice', async () => {
        const first = (await call(api.addReport, { body: { kind: 'fleet', week: '2026-01-05', customer_id: 'ACME' } })).json();
        const again = await call(
          api.addReport,
          { body: { kind: 'fleet', week: '2026-01-07', customer_id: 'ACME' } },
          await tokenOf('second'),
        );
        expect(again.statusCode).toBe(201);
        expect(again.json()).toMatchObject({
          id: first.id,
          week: '2026-01-05',
          customer_id: 'ACME',
          created_by: 'fleet-user',
          updated_by: 'second',
        });
      });

      it('pages the reports', async () => {
        for (const week of ['2025-11-03', '2025-11-10', '2025-11-17']) await call(api.addReport, { body: { kind: 'fleet', week } });
        const all = (await call(api.reports, { params: { page: 1, per_page: 100 } })).json();
        const second = (await call(api.reports, { params: { page: 2, per_page: 2 } })).json();
        expect(second).toMatchObject({ page: 2, per_page: 2, total: all.total });
        expect(second.items).toEqual(all.items.slice(2, 4));
      });

      it('stores a power-data tenant’s daily report by its day', async () => {
        const response = await asPower(api.addReport, { body: { kind: 'power', day: '2026-03-06' } });
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json()).toMatchObject({ kind: 'power', day: '2026-03-06', week: null });
      });

      it.each([
        { case: 'a week that has not begun', body: { kind: 'fleet', week: '2026-03-09' }, field: 'week' },
        { case: 'no week', body: { kind: 'fleet' }, field: 'week' },
        { case: 'a day for a weekly report', body: { kind: 'kpi', week: '2026-02-02', day: '2026-02-02' }, field: 'day' },
        { case: 'a date that does not exist', body: { kind: 'fleet', week: '2026-02-30' }, field: 'week' },
        { case: 'a power report for a tracking tenant', body: { kind: 'power', day: '2026-03-01' }, field: 'kind' },
        { case: 'another tenant’s customer', body: { kind: 'fleet', week: '2026-02-02', customer_id: 'NZ-CUST' }, field: 'customer_id' },
      ])('refuses $case with 400 naming $field, and stores nothing', async ({ body, field }) => {
        const before = await countRows(db, 'SELECT id FROM stored_reports', []);
        expectValidationError(await call(api.addReport, { body }), field);
        expect(await countRows(db, 'SELECT id FROM stored_reports', [])).toBe(before);
      });

      it('refuses a day after today for the daily report', async () => {
        expectValidationError(await asPower(api.addReport, { body: { kind: 'power', day: '2026-03-07' } }), 'day');
      });

      it.each([
        { page: 0, per_page: 24 },
        { page: 1, per_page: 0 },
        { page: 1, per_page: 101 },
        { page: 'one', per_page: 24 },
      ])('refuses page $page of $per_page', async (params) => {
        expect((await call(api.reports, { params })).statusCode).toBe(400);
      });
    });

    it('refuses an Installer-only user every call, and stores nothing', async () => {
      const schedule = await createSchedule();
      const before = { schedules: await schedules(), recipients: await recipients() };
      const attempts = [
        call(api.reports, { params: { page: 1, per_page: 24 } }, installer),
        call(api.addReport, { body: { kind: 'fleet', week: '2026-02-02' } }, installer),
        call(api.schedules, {}, installer),
        call(api.createSchedule, { body: weekly }, installer),
        call(api.schedule, { params: { id: schedule.id } }, installer),
        call(api.updateSchedule, { params: { id: schedule.id }, body: weekly }, installer),
        call(api.removeSchedule, { params: { id: schedule.id } }, installer),
        call(api.recipients, { params: { id: schedule.id } }, installer),
        call(api.addRecipient, { params: { id: schedule.id }, body: { name: 'I', email: 'i@example.com' } }, installer),
      ];
      for (const answer of await Promise.all(attempts)) expect(answer.statusCode).toBe(403);
      expect({ schedules: await schedules(), recipients: await recipients() }).toEqual(before);
      expect((await call(api.schedule, { params: { id: schedule.id } })).statusCode).toBe(200);
    });
  });
}
