import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetsApi } from '@gridlens/contract/assets';
import { coverageApi } from '@gridlens/contract/coverage';
import type { EndpointDescription } from '@gridlens/contract/endpoint';
import { rolloutApi as api } from '@gridlens/contract/rollout';
import { mondayOf } from '@gridlens/domain/rollout/figures';
import { IMPORT_MAX_BYTES } from '@gridlens/domain/rollout/plan';
import { SILENCE_AFTER_MS } from '@gridlens/domain/rollout/status';
import type { Database } from '../../db/database';
import type { ModuleGraph } from '../../module-graph';
import { expectValidationError } from '../../../test/support/api-assertions';
import { inject, type EndpointCall } from '../../../test/support/inject';
import { countRows, ingest, reading, registerDevice, registerDeviceWithKey } from '../../../test/support/power-fixtures';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { TEST_DATABASES } from '../../../test/support/test-databases';

const HOUR = 3_600_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

for (const backend of TEST_DATABASES) {
  describe(`rollout API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let graph: ModuleGraph;
    let key: string;
    const tokens: Record<string, string> = {};
    // The suite's clock: two days before the real time, moved on by the tests. The ingest path judges device clocks
    // against the real time, so every message the tests send is dated in the past of both.
    let clock = Date.now() - 2 * 24 * HOUR;

    const call = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}, who = 'admin', tenant = 'netzero') =>
      inject(app, endpoint, { ...request, headers: { ...authHeaders(tokens[who] ?? '', tenant), ...request.headers } });
    const ok = async <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}, who = 'admin') => {
      const response = await call(endpoint, request, who);
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json();
    };
    const statusOf = async (deviceId: string) => {
      const [row] = await db.query<{ device_status: string }>(
        "SELECT device_status FROM power_devices WHERE tenant_id = 'netzero' AND device_id = $1",
        [deviceId],
      );
      return row?.device_status;
    };
    const historyOf = async (deviceId: string) =>
      (await ok(api.deviceHistory, { params: { device_id: deviceId } })) as {
        from: string | null;
        to: string;
        event: string;
        by: string;
      }[];
    const sites = () => countRows(db, "SELECT site_id FROM rollout_sites WHERE tenant_id = 'netzero'");
    const groups = () => countRows(db, "SELECT group_id FROM rollout_groups WHERE tenant_id = 'netzero'");
    const site = (siteId: string, extra: Record<string, unknown> = {}) => ({ site_id: siteId, name: `Site ${siteId}`, ...extra });
    const csv = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`, 'utf8');
    const importFile = (kind: 'sites' | 'groups', bytes: Buffer, contentType = 'text/csv', who = 'admin') =>
      call(api.importPlan, { params: { kind }, body: bytes, headers: { 'content-type': contentType } }, who);

    beforeAll(async () => {
      db = await backend.open();
      const created = await createTestApp(db, { now: () => clock });
      app = created.app;
      graph = created.graph;
      const token = (sub: string, tenant: string, roles: string[]) => created.issuer.token({ sub, tenant, roles });
      tokens.admin = await token('nz-admin', 'netzero', ['Admin']);
      tokens.operator = await token('nz-operator', 'netzero', ['Operator']);
      tokens.installer = await token('nz-installer', 'netzero', ['Installer']);
      tokens.gwAdmin = await token('gw-admin', 'gridwest', ['Admin']);
      tokens.fleetAdmin = await token('fleet-admin', 'fleetco', ['Admin']);
      key = await registerDeviceWithKey(app, tokens.admin ?? '', 'netzero', { device_id: 'RO-1' });
      for (const id of ['RO-2', 'RO-3', 'RO-4', 'RO-5']) await registerDevice(app, tokens.admin ?? '', 'netzero', { device_id: id });
      await registerDevice(app, tokens.gwAdmin ?? '', 'gridwest', { device_id: 'GW-RO' });
    });

    afterAll(async () => {
      await app.close();
      await backend.dispose(db);
    });

    it('lets an administrator write, an operator read but not write, and refuses the installer', async () => {
      const body = { name: 'North crew', region: 'North', contact: 'north@example.com', weekly_target: 4 };
      const refused = await call(api.createGroup, { body }, 'operator');
      expect(refused.statusCode).toBe(403);
      expect(await groups()).toBe(0);
      const group = await ok(api.createGroup, { body });
      expect(group).toMatchObject({ ...body, updated_by: 'nz-admin' });
      expect((await call(api.groups, {}, 'operator')).json().map((g: { name: string }) => g.name)).toEqual(['North crew']);
      expect((await call(api.summary, {}, 'installer')).statusCode).toBe(403);
      expect((await call(api.createSite, { body: site('OP-1') }, 'operator')).statusCode).toBe(403);
      expect(
        (await call(api.setDeviceStatus, { params: { device_id: 'RO-5' }, body: { status: 'Unknown', note: 'x' } }, 'operator')).statusCode,
      ).toBe(403);
      expect((await importFile('groups', csv(['name,region,contact,weekly_target', 'X,,,1']), 'text/csv', 'operator')).statusCode).toBe(
        403,
      );
      expect(await sites()).toBe(0);
      expect(await groups()).toBe(1);
      const duplicate = await call(api.createGroup, { body: { ...body, name: 'NORTH CREW' } });
      expect(duplicate.statusCode).toBe(409);
    });

    it('refuses bad input with 400 naming the field, and stores nothing', async () => {
      expectValidationError(await call(api.createGroup, { body: { name: 'Bad', weekly_target: -1 } }), 'weekly_target');
      expectValidationError(await call(api.createSite, { body: site('BAD-1', { planned_week: '2026-13-01' }) }), 'planned_week');
      expectValidationError(await call(api.createSite, { body: site('BAD-2', { latitude: 91 }) }), 'latitude');
      expectValidationError(
        await call(api.createSite, { body: site('BAD-3', { group_id: '00000000-0000-4000-8000-000000000000' }) }),
        'group_id',
      );
      expectValidationError(await call(api.createSite, { body: site('BAD-4', { device_id: 'NOPE' }) }), 'device_id');
      expectValidationError(
        await call(api.setDeviceStatus, { params: { device_id: 'RO-5' }, body: { status: 'Asleep', note: 'x' } }),
        'status',
      );
      expect(await sites()).toBe(0);
      expect(await groups()).toBe(1);
    });

    it('answers 404 for another tenant’s site, group and device, and to a tracking tenant on every path', async () => {
      const [group] = (await ok(api.groups)) as { group_id: string }[];
      await ok(api.createSite, { body: site('ISO-1', { group_id: group?.group_id }) });
      const asGridwest = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E>) =>
        call(endpoint, request, 'gwAdmin', 'gridwest');
      expect((await asGridwest(api.site, { params: { site_id: 'ISO-1' } })).statusCode).toBe(404);
      expect((await asGridwest(api.updateSite, { params: { site_id: 'ISO-1' }, body: { name: 'Taken' } })).statusCode).toBe(404);
      expect((await asGridwest(api.removeSite, { params: { site_id: 'ISO-1' } })).statusCode).toBe(404);
      expect(
        (await asGridwest(api.updateGroup, { params: { group_id: group?.group_id ?? '' }, body: { name: 'T', weekly_target: 1 } }))
          .statusCode,
      ).toBe(404);
      expect((await asGridwest(api.deviceHistory, { params: { device_id: 'RO-1' } })).statusCode).toBe(404);
      expect(
        (await asGridwest(api.setDeviceStatus, { params: { device_id: 'RO-1' }, body: { status: 'Unknown', note: 'x' } })).statusCode,
      ).toBe(404);
      expect((await call(api.deviceHistory, { params: { device_id: 'GW-RO' } })).statusCode).toBe(404);
      expect((await asGridwest(api.sites, {})).json()).toEqual([]);
      const asFleet = <E extends EndpointDescription>(endpoint: E, request: EndpointCall<E> = {}) =>
        call(endpoint, request, 'fleetAdmin', 'fleetco');
      for (const response of [
        await asFleet(api.summary),
        await asFleet(api.silent),
        await asFleet(api.groups),
        await asFleet(api.sites),
        await asFleet(api.devices),
        await asFleet(api.abortReasons),
        await asFleet(api.createGroup, { body: { name: 'Fleet', weekly_target: 1 } }),
        await asFleet(api.exportPlan, { params: { kind: 'sites', format: 'csv' } }),
      ])
        expect(response.statusCode).toBe(404);
      expect(await countRows(db, "SELECT group_id FROM rollout_groups WHERE tenant_id = 'fleetco'")).toBe(0);
      expect((await ok(api.site, { params: { site_id: 'ISO-1' } })).name).toBe('Site ISO-1');
    });

    it('follows the messages: first message Active, 24 h of silence Inactive, a message again Active', async () => {
      await ok(api.createSite, { body: site('MSG-1', { device_id: 'RO-1' }) });
      expect(await statusOf('RO-1')).toBe('Registered');
      // Its first message, sent after its registration.
      clock += HOUR;
      const first = new Date(clock - 10 * 60_000).toISOString();
      expect((await ingest(app, key, [reading('RO-1', 1, first)])).statusCode).toBe(200);
      expect(await statusOf('RO-1')).toBe('Active');
      expect((await historyOf('RO-1'))[0]).toMatchObject({
        from: 'Registered',
        to: 'Active',
        event: 'first_message',
        at: first,
        by: 'ingest',
      });
      expect(await ok(api.site, { params: { site_id: 'MSG-1' } })).toMatchObject({ state: 'installed', installed_at: first, attempts: 1 });

      // A second message of an Active device changes nothing.
      await ingest(app, key, [reading('RO-1', 2, new Date(clock - 5 * 60_000).toISOString())]);
      expect((await historyOf('RO-1')).map((h) => h.event)).toEqual(['first_message', 'registration']);

      clock += SILENCE_AFTER_MS - HOUR;
      await graph.rollout.service.checkSilence();
      expect(await statusOf('RO-1')).toBe('Active');
      clock += 2 * HOUR;
      expect(await graph.rollout.service.checkSilence()).toBe(1);
      expect(await statusOf('RO-1')).toBe('Inactive');
      expect((await historyOf('RO-1'))[0]).toMatchObject({ from: 'Active', to: 'Inactive', event: 'silence', by: 'silence check' });
      const queue = (await ok(api.silent)) as { device_id: string; silent_since: string; device_status: string }[];
      expect(queue.find((d) => d.device_id === 'RO-1')).toMatchObject({ device_status: 'Inactive' });

      const again = new Date(clock - 60_000).toISOString();
      await ingest(app, key, [reading('RO-1', 3, again)]);
      expect(await statusOf('RO-1')).toBe('Active');
      expect((await historyOf('RO-1'))[0]).toMatchObject({ from: 'Inactive', to: 'Active', event: 'message_resumed', at: again });
      expect(((await ok(api.silent)) as { device_id: string }[]).map((d) => d.device_id)).not.toContain('RO-1');
      expect((await historyOf('RO-1')).map((h) => h.event)).toEqual(['message_resumed', 'silence', 'first_message', 'registration']);
    });

    it('records a registration and a status changed on the device page, each with who and when; other edits add nothing', async () => {
      const registered = await call(assetsApi.register, { body: { device_id: 'REG-1', transformer_name: 'Reg 1', rating_kva: 100 } });
      expect(registered.statusCode, registered.body).toBe(201);
      expect(await historyOf('REG-1')).toEqual([
        { at: new Date(clock).toISOString(), from: null, to: 'Registered', event: 'registration', detail: null, by: 'nz-admin' },
      ]);
      // Refused twice: the history keeps its one row.
      expect((await call(assetsApi.register, { body: { device_id: 'REG-1', transformer_name: 'Again', rating_kva: 1 } })).statusCode).toBe(
        409,
      );
      const edit = (body: Record<string, unknown>, who = 'admin') => call(assetsApi.update, { params: { DeviceID: 'REG-1' }, body }, who);
      expect((await edit({ transformer_name: 'Reg 1 renamed' })).statusCode).toBe(200);
      expect((await edit({ device_status: 'Registered' })).statusCode).toBe(200);
      expect(await historyOf('REG-1')).toHaveLength(1);
      clock += HOUR;
      expect((await edit({ device_status: 'Provisioned' }, 'operator')).statusCode).toBe(200);
      expect(await statusOf('REG-1')).toBe('Provisioned');
      expect((await historyOf('REG-1'))[0]).toEqual({
        at: new Date(clock).toISOString(),
        from: 'Registered',
        to: 'Provisioned',
        event: 'operator_edit',
        detail: null,
        by: 'nz-operator',
      });
      // A device registered with a status of its own starts its history there; another tenant's edit is 404.
      await call(assetsApi.register, {
        body: { device_id: 'REG-2', transformer_name: 'Reg 2', rating_kva: 100, device_status: 'Unknown' },
      });
      expect(await historyOf('REG-2')).toMatchObject([{ from: null, to: 'Unknown', event: 'registration' }]);
      expect(
        (await call(assetsApi.update, { params: { DeviceID: 'REG-1' }, body: { device_status: 'Active' } }, 'gwAdmin', 'gridwest'))
          .statusCode,
      ).toBe(404);
      expect(await historyOf('REG-1')).toHaveLength(2);
    });

    /** The silent queue, and its count in the dashboard's totals and per planner group. */
    async function silentFigures() {
      const queue = (await ok(api.silent)) as { device_id: string; group_id: string | null }[];
      const summary = (await ok(api.summary)) as { totals: { silent: number } };
      const groups = (await ok(api.groups)) as { group_id: string; silent: number }[];
      const queueByGroup = Object.fromEntries(groups.map((g) => [g.group_id, queue.filter((d) => d.group_id === g.group_id).length]));
      return { queue, total: summary.totals.silent, byGroup: Object.fromEntries(groups.map((g) => [g.group_id, g.silent])), queueByGroup };
    }

    it('records the installer’s device test: the device Installed, its site installed, silent after 24 h unheard', async () => {
      const [group] = (await ok(api.groups)) as { group_id: string }[];
      await ok(api.createSite, { body: site('TEST-1', { device_id: 'RO-2', group_id: group?.group_id }) });
      const recorded = await call(coverageApi.recordDeviceTest, { params: { DeviceID: 'RO-2' }, body: { note: 'Clamps on' } }, 'installer');
      expect(recorded.statusCode, recorded.body).toBe(201);
      const test = recorded.json();
      expect(test).toMatchObject({ device_id: 'RO-2', recorded_by: 'nz-installer', note: 'Clamps on', passed: false, outcome: 'fail' });
      expect(await countRows(db, "SELECT id FROM device_tests WHERE tenant_id = 'netzero' AND device_id = 'RO-2'")).toBe(1);
      expect(await statusOf('RO-2')).toBe('Installed');
      expect((await historyOf('RO-2'))[0]).toMatchObject({ from: 'Registered', to: 'Installed', event: 'device_test', by: 'nz-installer' });
      expect(await ok(api.site, { params: { site_id: 'TEST-1' } })).toMatchObject({
        state: 'installed',
        attempts: 1,
        installed_at: test.recorded_at,
      });
      const listed = ((await ok(api.devices)) as { device_id: string; last_test: unknown; installation_status: string }[]).find(
        (d) => d.device_id === 'RO-2',
      );
      expect(listed).toMatchObject({ installation_status: 'Installed', last_test: { at: test.recorded_at, passed: false } });
      expect(((await ok(api.silent)) as { device_id: string }[]).map((d) => d.device_id)).not.toContain('RO-2');
      const before = await silentFigures();
      clock += SILENCE_AFTER_MS + HOUR;
      // The totals and the planner groups count the queue as the queue lists it.
      const after = await silentFigures();
      expect(after.total).toBe(before.total + 1);
      expect(after.byGroup[group?.group_id ?? '']).toBe((before.byGroup[group?.group_id ?? ''] ?? 0) + 1);
      for (const figures of [before, after]) {
        expect(figures.total).toBe(figures.queue.length);
        expect(figures.byGroup).toEqual(figures.queueByGroup);
      }
      const silent = ((await ok(api.silent)) as { device_id: string; silent_since: string; last_test: unknown }[]).find(
        (d) => d.device_id === 'RO-2',
      );
      expect(silent).toMatchObject({ silent_since: test.recorded_at, last_test: { at: test.recorded_at, passed: false } });
      // Another tenant's device is not found.
      expect((await call(coverageApi.recordDeviceTest, { params: { DeviceID: 'GW-RO' }, body: {} }, 'installer')).statusCode).toBe(404);
    });

    it('records an abort with its reason (the device Not Installed) and an operator’s edit with its note', async () => {
      await ok(api.createSite, { body: site('AB-1', { device_id: 'RO-3' }) });
      expectValidationError(await call(api.abortSite, { params: { site_id: 'AB-1' }, body: { reason: 'no_such_reason' } }), 'reason');
      const aborted = await ok(api.abortSite, { params: { site_id: 'AB-1' }, body: { reason: 'no_access', note: 'Gate locked' } });
      expect(aborted).toMatchObject({ state: 'aborted', abort_reason: 'no_access', attempts: 1, device_status: 'Not Installed' });
      expect((await historyOf('RO-3'))[0]).toMatchObject({ to: 'Not Installed', event: 'abort', detail: 'no_access: Gate locked' });

      const own = await ok(api.addAbortReason, { body: { label: 'Dog on site' } });
      expect(own).toEqual({ code: 'dog_on_site', label: 'Dog on site', built_in: false });
      expect(((await ok(api.abortReasons)) as { code: string }[]).map((r) => r.code)).toContain('dog_on_site');

      const edited = await ok(api.setDeviceStatus, {
        params: { device_id: 'RO-3' },
        body: { status: 'Provisioned', note: 'Keys issued by hand' },
      });
      expect(edited).toMatchObject({ device_status: 'Provisioned', installation_status: 'Not Installed' });
      expect((await historyOf('RO-3'))[0]).toMatchObject({
        from: 'Not Installed',
        to: 'Provisioned',
        event: 'operator_edit',
        detail: 'Keys issued by hand',
        by: 'nz-admin',
      });
    });

    it('imports CSV all or nothing, listing every refused row, and exports the same columns back', async () => {
      const before = await sites();
      const header = 'site_id,name,latitude,longitude,planner_group,planned_week,notes,device_id';
      const refused = await importFile(
        'sites',
        csv([
          header,
          'IMP-1,One,53.1,-6.2,North crew,2026-W05,,',
          'IMP-2,Two,,,Nowhere crew,,,',
          'IMP-1,Again,,,,31/02/2026,,',
          'IMP-3,Three,,,,,=1+1,',
        ]),
      );
      expect(refused.statusCode).toBe(400);
      const body = refused.json<{ error: string; refused: { row: number; column: string }[] }>();
      expect(body.error).toBe('import_refused');
      expect(body.refused).toEqual(
        expect.arrayContaining([
          // Each with its code and values, which a screen says in its own words, and the English words.
          {
            row: 3,
            column: 'planner_group',
            code: 'unknown_group',
            values: { name: 'Nowhere crew' },
            message: 'No planner group named Nowhere crew',
          },
          expect.objectContaining({ row: 4, column: 'planned_week', code: 'week_format' }),
          expect.objectContaining({ row: 4, column: 'site_id', code: 'repeated_id', values: { earlier: 2, id: 'IMP-1' } }),
          expect.objectContaining({ row: 5, column: 'notes', code: 'formula' }),
        ]),
      );
      expect(body.refused.map((r) => r.row)).not.toContain(2);
      expect(await sites()).toBe(before);

      const wrong = await importFile('sites', csv(['site_id,name,colour', 'X,Y,red']));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<{ message: string }>().message).toMatch(/colour/);
      expect(wrong.json<{ message: string }>().message).toMatch(/planned_week/);
      const columns = wrong.json<{ refused: { row: number; column: string | null; code: string; values: { columns: string } }[] }>()
        .refused;
      expect(columns.map((r) => [r.row, r.column, r.code])).toEqual([
        [1, null, 'missing_columns'],
        [1, null, 'unknown_columns'],
      ]);
      expect(columns[0]?.values.columns).toContain('planned_week');
      expect(columns[1]?.values.columns).toBe('colour');
      expect(await sites()).toBe(before);
      const tooLarge = await importFile('sites', Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a'));
      expect(tooLarge.statusCode).toBe(413);
      expect((await importFile('sites', csv([header]), 'application/pdf')).statusCode).toBe(415);
      const json = await importFile('sites', Buffer.from('{"site_id":"J-1"}'), 'application/json');
      expect(json.statusCode).toBe(400);
      expect(json.json()).toMatchObject({ error: 'validation_error', refused: [] });
      expect(await sites()).toBe(before);

      const good = await importFile(
        'sites',
        csv([
          `${header},device_status`,
          'IMP-1,One,53.1,-6.2,north crew,2026-W05,"Behind the church, left",RO-4,Provisioned',
          'IMP-2,Two,,,,04/02/2026,,,',
        ]),
      );
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json()).toEqual({ kind: 'sites', rows: 2, added: 2, updated: 0 });
      expect(await ok(api.site, { params: { site_id: 'IMP-1' } })).toMatchObject({
        planned_week: '2026-01-26',
        group_name: 'North crew',
        notes: 'Behind the church, left',
        device_id: 'RO-4',
      });
      expect((await ok(api.site, { params: { site_id: 'IMP-2' } })).planned_week).toBe('2026-02-02');
      expect((await historyOf('RO-4'))[0]).toMatchObject({ to: 'Provisioned', event: 'import', by: 'nz-admin' });

      const exported = await call(api.exportPlan, { params: { kind: 'sites', format: 'csv' } }, 'operator');
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toMatch(/attachment/);
      const lines = exported.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(header);
      expect(lines).toContain('IMP-1,One,53.1,-6.2,North crew,2026-01-26,"Behind the church, left",RO-4');
      // The export imports back unchanged.
      const back = await importFile('sites', Buffer.from(exported.rawPayload));
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toMatchObject({ added: 0, updated: before + 2 });
    });

    it('imports XLSX with date cells, refuses formulas, and exports XLSX', async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('groups');
      sheet.addRow(['name', 'region', 'contact', 'weekly_target']);
      sheet.addRow(['South crew', 'South', null, 3]);
      sheet.addRow(['East crew', 'East', null, { formula: '1+2', result: 3 }]);
      const withFormula = await importFile('groups', Buffer.from(await workbook.xlsx.writeBuffer()), XLSX);
      expect(withFormula.statusCode).toBe(400);
      expect(withFormula.json<{ refused: unknown[] }>().refused).toEqual([expect.objectContaining({ row: 3, column: 'weekly_target' })]);
      expect(await groups()).toBe(1);
      sheet.getRow(3).getCell(4).value = 5;
      const stored = await importFile('groups', Buffer.from(await workbook.xlsx.writeBuffer()), XLSX);
      expect(stored.statusCode, stored.body).toBe(200);
      expect(stored.json()).toEqual({ kind: 'groups', rows: 2, added: 2, updated: 0 });

      const sitesBook = new ExcelJS.Workbook();
      const sitesSheet = sitesBook.addWorksheet('sites');
      sitesSheet.addRow(['site_id', 'name', 'latitude', 'longitude', 'planner_group', 'planned_week', 'notes', 'device_id']);
      sitesSheet.addRow(['XL-1', 'Excel site', 52.5, -7.1, 'South crew', new Date(Date.UTC(2026, 2, 5)), null, null]);
      const xl = await importFile('sites', Buffer.from(await sitesBook.xlsx.writeBuffer()), XLSX);
      expect(xl.statusCode, xl.body).toBe(200);
      expect(await ok(api.site, { params: { site_id: 'XL-1' } })).toMatchObject({
        planned_week: '2026-03-02',
        group_name: 'South crew',
        latitude: 52.5,
      });

      const exported = await call(api.exportPlan, { params: { kind: 'groups', format: 'xlsx' } });
      expect(exported.statusCode).toBe(200);
      const read = new ExcelJS.Workbook();
      await read.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
      const values = read.worksheets[0]
        ?.getSheetValues()
        .slice(1)
        .map((row) => (Array.isArray(row) ? row.slice(1) : row));
      expect(values?.[0]).toEqual(['name', 'region', 'contact', 'weekly_target']);
      expect(values).toContainEqual(['East crew', 'East', undefined, 5]);
    });

    it('counts the plan: groups against plan to date, the summary’s burn-up in the tenant’s weeks', async () => {
      const thisWeek = mondayOf(new Date(clock).toISOString().slice(0, 10));
      const group = await ok(api.createGroup, { body: { name: 'Burn crew', weekly_target: 2 } });
      for (const id of ['B-1', 'B-2', 'B-3', 'B-4', 'B-5'])
        await ok(api.createSite, { body: site(id, { group_id: group.group_id, planned_week: thisWeek }) });
      await ok(api.abortSite, { params: { site_id: 'B-1' }, body: { reason: 'unsafe' } });
      const rows = (await ok(api.groups)) as {
        name: string;
        planned_to_date: number;
        installed: number;
        aborted: number;
        ahead_by: number;
        plan_state: string;
      }[];
      expect(rows.find((g) => g.name === 'Burn crew')).toMatchObject({
        sites: 5,
        planned_to_date: 5,
        installed: 0,
        aborted: 1,
        ahead_by: -5,
        plan_state: 'behind',
        first_time_success_rate: 0,
      });
      const summary = await ok(api.summary, { query: { group_id: group.group_id } });
      expect(summary.totals).toMatchObject({ sites: 5, installed: 0, aborted: 1 });
      expect(summary.sites_by_state).toEqual({ planned: 4, installed: 0, aborted: 1 });
      expect(summary.burn_up.current_week).toBe(thisWeek);
      expect(summary.burn_up.weeks.at(-1)).toBe(thisWeek);
      expect(summary.burn_up.planned.at(-1)).toBe(5);
      expect(summary.time_zone).toBe('UTC');
      const all = await ok(api.summary);
      expect(all.totals.sites).toBe(await sites());
      expect(all.devices_by_status.Active).toBe(1);
      expect(all.burn_up.installed.at(-1)).toBe(all.totals.installed);
      expect((await call(api.removeGroup, { params: { group_id: group.group_id } })).statusCode).toBe(409);
    });
  });
}
