import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configApi } from '@gridlens/contract/config';
import type { ApiError } from '@gridlens/contract/errors';
import type { Database } from '../../db/database';
import type { createTestIssuer } from '../../../test/support/test-app';
import { authHeaders, createTestApp } from '../../../test/support/test-app';
import { expectValidationError } from '../../../test/support/api-assertions';
import { inject, routeName } from '../../../test/support/inject';
import { TEST_DATABASES } from '../../../test/support/test-databases';

type TestIssuer = Awaited<ReturnType<typeof createTestIssuer>>;

const NETZERO_TABS = ['assets', 'powercoil_analytics', 'powercoil_report', 'powercoil_alerts', 'powercoil_ev', 'rollout'];
const FLEETCO_TABS = ['devices', 'locations', 'journeys', 'poi', 'report', 'alerts'];
const GRIDWEST_TABS = ['assets', 'powercoil_report', 'powercoil_alerts'];

for (const backend of TEST_DATABASES) {
  describe(`configuration API [${backend.name}]`, () => {
    let db: Database;
    let app: FastifyInstance;
    let issuer: TestIssuer;

    beforeAll(async () => {
      db = await backend.open();
      ({ app, issuer } = await createTestApp(db));
    });

    afterAll(async () => {
      await app?.close();
      if (db) await backend.dispose(db);
    });

    const headersFor = async (sub: string, tenant: string) => authHeaders(await issuer.token({ sub, tenant, roles: ['Operator'] }), tenant);
    const getSettings = async (sub: string, tenant = 'netzero', timeZone?: string) =>
      inject(app, configApi.userSettings, { query: { time_zone: timeZone }, headers: await headersFor(sub, tenant) });
    const putSettings = async (sub: string, body: object, tenant = 'netzero') =>
      inject(app, configApi.updateUserSettings, { headers: await headersFor(sub, tenant), body });
    const settingsOf = async (sub: string, tenant = 'netzero') => {
      const response = await getSettings(sub, tenant);
      expect(response.statusCode).toBe(200);
      return response.json();
    };

    describe(routeName(configApi.tenantSettings), () => {
      const tenantSettings = async (tenant: string) =>
        inject(app, configApi.tenantSettings, { headers: await headersFor('tenant-reader', tenant) });

      it('describes a power-data tenant with its tabs', async () => {
        const response = await tenantSettings('netzero');
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body).toMatchObject({ tenant: 'netzero', type: 'powerdata', powerdata_type: 'netzero' });
        expect(body.tabs.map((t) => t.id)).toEqual(NETZERO_TABS);
        expect(body.tabs[0]).toEqual({ id: 'assets', label: 'Assets' });
      });

      it('describes a tracking tenant without a power-data type', async () => {
        const response = await tenantSettings('fleetco');
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.type).toBe('tracking');
        expect(body.powerdata_type).toBeNull();
        expect(body.tabs.map((t) => t.id)).toEqual(FLEETCO_TABS);
      });

      it("answers with the caller's own tenant only", async () => {
        const response = await tenantSettings('gridwest');
        expect(response.json()).toMatchObject({ tenant: 'gridwest' });
        expect(response.json().tabs.map((t) => t.id)).toEqual(GRIDWEST_TABS);
      });
    });

    describe(routeName(configApi.updateTenantSettings), () => {
      const ADMIN_TENANT = 'admin-co';
      const ADMIN_TABS = [
        { id: 'devices', label: '' },
        { id: 'alerts', label: 'Alarms' },
      ] as const;
      const tokenFor = async (roles: string[], tenant = ADMIN_TENANT) =>
        authHeaders(await issuer.token({ sub: `user-${roles.join('-')}`, tenant, roles }), tenant);
      const change = async (body: object, roles: string[] = ['Admin'], tenant = ADMIN_TENANT) =>
        inject(app, configApi.updateTenantSettings, { headers: await tokenFor(roles, tenant), body });
      const stored = async () =>
        (
          await db.query<Record<string, unknown>>('SELECT name, type, tabs, language, time_zone FROM tenants WHERE id = $1', [ADMIN_TENANT])
        )[0];

      beforeAll(async () => {
        await db.query("INSERT INTO tenants (id, name, type, tabs, language) VALUES ($1, 'Admin Co', 'tracking', $2, 'EN')", [
          ADMIN_TENANT,
          JSON.stringify(ADMIN_TABS),
        ]);
      });

      it("lets the tenant's administrator rename it, reorder its tabs and set its email language, seen at once", async () => {
        const tabs = [
          { id: 'alerts', label: 'Alarms' },
          { id: 'devices', label: '' },
          { id: 'report', label: 'Weekly' },
        ];
        const response = await change({ name: 'Admin Company', tabs, language: 'FR' });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ tenant: ADMIN_TENANT, name: 'Admin Company', tabs, language: 'FR', type: 'tracking' });
        const read = await inject(app, configApi.tenantSettings, { headers: await tokenFor(['Operator']) });
        expect(read.json()).toMatchObject({ name: 'Admin Company', tabs, language: 'FR', time_zone: 'Europe/Dublin' });
        const settings = await inject(app, configApi.userSettings, { headers: await tokenFor(['Operator']) });
        expect(settings.json().sections_order).toEqual(['alerts', 'devices', 'report']);

        expect((await change({ name: 'Admin Co', tabs: [...ADMIN_TABS], language: 'EN' }, ['admin'])).statusCode).toBe(200);
        expect(await stored()).toMatchObject({ name: 'Admin Co', tabs: ADMIN_TABS, language: 'EN' });
      });

      it('refuses anyone without the Admin role, and changes nothing', async () => {
        for (const roles of [['Operator'], ['Operator', 'Viewer']]) {
          const response = await change({ name: 'Taken over' }, roles);
          expect(response.statusCode).toBe(403);
          expect(response.json<ApiError>().message).toContain('Admin');
        }
        expect((await stored())?.name).toBe('Admin Co');
      });

      it('names the field it refuses and stores nothing of the request', async () => {
        const cases: [object, string][] = [
          [{ tabs: [] }, 'tabs'],
          [{ tabs: [{ id: 'assets', label: '' }] }, 'tabs'],
          [{ tabs: [{ id: 'nowhere', label: '' }] }, 'tabs.0.id'],
          [{ tabs: [{ id: 'devices', label: 'x'.repeat(61) }] }, 'tabs.0.label'],
          [{ name: '  ', language: 'FR' }, 'name'],
          [{ language: 'DE' }, 'language'],
        ];
        for (const [body, field] of cases) expectValidationError(await change(body), field);
        for (const fixed of [{ type: 'powerdata' }, { time_zone: 'Europe/Paris' }, {}]) {
          expect((await change(fixed)).statusCode).toBe(400);
        }
        expect(await stored()).toMatchObject({
          name: 'Admin Co',
          type: 'tracking',
          tabs: ADMIN_TABS,
          language: 'EN',
          time_zone: 'Europe/Dublin',
        });
      });

      it("changes only the caller's own tenant, whatever the Tenant header says", async () => {
        const gridwestAdmin = authHeaders(await issuer.token({ sub: 'gw-admin', tenant: 'gridwest', roles: ['Admin'] }), ADMIN_TENANT);
        const response = await inject(app, configApi.updateTenantSettings, { headers: gridwestAdmin, body: { name: 'Hijacked' } });
        expect(response.statusCode).toBe(403);
        expect((await stored())?.name).toBe('Admin Co');
      });
    });

    describe(routeName(configApi.sections), () => {
      it('lists the 12 sections with id, route, icon and label key', async () => {
        const response = await inject(app, configApi.sections, { headers: await headersFor('catalogue-reader', 'fleetco') });
        expect(response.statusCode).toBe(200);
        const sections = response.json();
        expect(sections).toHaveLength(12);
        expect(new Set(sections.map((s) => s.id)).size).toBe(12);
        for (const section of sections) {
          expect(Object.keys(section).sort()).toEqual(['icon', 'id', 'labelKey', 'route']);
          expect(section.route).toBe(`/${section.id}`);
          expect(section.icon.length).toBeGreaterThan(0);
          expect(section.labelKey).toBe(`sections.${section.id}`);
        }
        expect(sections.map((s) => s.id)).toEqual(expect.arrayContaining([...NETZERO_TABS, ...FLEETCO_TABS]));
      });
    });

    describe(`${routeName(configApi.userSettings)} defaults`, () => {
      it("starts from the tenant's tabs with no default section and an automatic unit", async () => {
        const settings = await settingsOf('fresh-user');
        expect(settings).toEqual({
          default_section: null,
          sections_order: NETZERO_TABS,
          hidden_sections: [],
          temperature_metric: 'celsius',
          temperature_metric_preference: '',
        });
      });

      it('resolves the automatic unit to fahrenheit for an American time zone', async () => {
        const response = await getSettings('fresh-user', 'netzero', 'America/New_York');
        expect(response.json()).toMatchObject({ temperature_metric: 'fahrenheit', temperature_metric_preference: '' });
      });

      it('resolves the automatic unit to celsius elsewhere', async () => {
        const response = await getSettings('fresh-user', 'netzero', 'Europe/Dublin');
        expect(response.json()).toMatchObject({ temperature_metric: 'celsius', temperature_metric_preference: '' });
      });

      it("uses the tracking tenant's tabs for a tracking user", async () => {
        expect((await settingsOf('fresh-user', 'fleetco')).sections_order).toEqual(FLEETCO_TABS);
      });
    });

    describe(routeName(configApi.updateUserSettings), () => {
      it('saves the settings and answers with them', async () => {
        const change = {
          default_section: 'powercoil_report',
          sections_order: ['powercoil_ev', 'powercoil_report', 'assets', 'powercoil_alerts', 'powercoil_analytics'],
          hidden_sections: ['powercoil_alerts'],
          temperature_metric: 'fahrenheit',
        };
        const response = await putSettings('saver', change);
        expect(response.statusCode).toBe(200);
        const expected = { ...change, temperature_metric_preference: 'fahrenheit' };
        expect(response.json()).toEqual(expected);
        expect(await settingsOf('saver')).toEqual(expected);
      });

      it('changes only the fields sent', async () => {
        await putSettings('partial', {
          default_section: 'assets',
          sections_order: [...NETZERO_TABS].reverse(),
          temperature_metric: 'fahrenheit',
        });
        const response = await putSettings('partial', { temperature_metric: 'celsius' });
        expect(response.statusCode).toBe(200);
        expect(await settingsOf('partial')).toEqual({
          default_section: 'assets',
          sections_order: [...NETZERO_TABS].reverse(),
          hidden_sections: [],
          temperature_metric: 'celsius',
          temperature_metric_preference: 'celsius',
        });
      });

      it('clears the default section with null', async () => {
        await putSettings('clearer', { default_section: 'powercoil_ev' });
        expect((await settingsOf('clearer')).default_section).toBe('powercoil_ev');
        expect((await putSettings('clearer', { default_section: null })).statusCode).toBe(200);
        expect((await settingsOf('clearer')).default_section).toBeNull();
      });

      it('goes back to the automatic unit with an empty temperature_metric', async () => {
        await putSettings('auto-unit', { temperature_metric: 'celsius' });
        await putSettings('auto-unit', { temperature_metric: '' });
        const response = await getSettings('auto-unit', 'netzero', 'America/Chicago');
        expect(response.json()).toMatchObject({ temperature_metric: 'fahrenheit', temperature_metric_preference: '' });
      });

      it('uses a saved time zone for the automatic unit when the request names none', async () => {
        expect((await putSettings('zoned', { time_zone: 'America/Chicago' })).statusCode).toBe(200);
        expect((await settingsOf('zoned')).temperature_metric).toBe('fahrenheit');
        expect((await getSettings('zoned', 'netzero', 'Europe/Dublin')).json().temperature_metric).toBe('celsius');
      });
    });

    describe(`${routeName(configApi.updateUserSettings)} validation`, () => {
      const baseline = {
        default_section: 'powercoil_report',
        sections_order: ['powercoil_report', 'assets', 'powercoil_analytics', 'powercoil_alerts', 'powercoil_ev'],
        hidden_sections: ['powercoil_ev'],
        temperature_metric: 'fahrenheit',
      };

      // Each payload pairs one bad value with a valid change, so a partial save would show.
      it.each([
        {
          case: 'an unknown section in sections_order',
          payload: { sections_order: ['assets', 'nope'], temperature_metric: 'celsius' },
          field: 'sections_order.1',
        },
        {
          case: "another tenant's section in sections_order",
          payload: { sections_order: ['devices'], temperature_metric: 'celsius' },
          field: 'sections_order.0',
        },
        {
          case: 'a section listed twice',
          payload: { sections_order: ['assets', 'assets'], temperature_metric: 'celsius' },
          field: 'sections_order',
        },
        {
          case: "another tenant's section in hidden_sections",
          payload: { hidden_sections: ['journeys'], temperature_metric: 'celsius' },
          field: 'hidden_sections.0',
        },
        {
          case: 'hiding the default section',
          payload: { default_section: 'assets', hidden_sections: ['assets'] },
          field: 'default_section',
        },
        {
          case: 'hiding the stored default section',
          payload: { hidden_sections: ['powercoil_report'], temperature_metric: 'celsius' },
          field: 'default_section',
        },
        {
          case: "another tenant's default section",
          payload: { default_section: 'devices', temperature_metric: 'celsius' },
          field: 'default_section',
        },
        { case: 'hiding every section', payload: { hidden_sections: NETZERO_TABS, default_section: null }, field: 'hidden_sections' },
        {
          case: 'an unknown temperature metric',
          payload: { temperature_metric: 'kelvin', default_section: 'assets' },
          field: 'temperature_metric',
        },
        { case: 'an unknown time zone', payload: { time_zone: 'Mars/Olympus_Mons', temperature_metric: 'celsius' }, field: 'time_zone' },
        { case: 'an unknown property', payload: { colour: 'blue', temperature_metric: 'celsius' }, field: 'colour' },
        {
          case: 'sections_order that is not a list',
          payload: { sections_order: 'assets', temperature_metric: 'celsius' },
          field: 'sections_order',
        },
      ])('rejects $case, names $field and changes nothing', async ({ payload, field }) => {
        const sub = `validation-${field}`;
        expect((await putSettings(sub, baseline)).statusCode).toBe(200);
        const before = await settingsOf(sub);
        expectValidationError(await putSettings(sub, payload), field);
        expect(await settingsOf(sub)).toEqual(before);
      });

      it('rejects a body that is not JSON with a 4xx error, not a crash', async () => {
        const response = await inject(app, configApi.updateUserSettings, {
          headers: { ...(await headersFor('bad-json', 'netzero')), 'content-type': 'application/json' },
          body: '{"temperature_metric":',
        });
        expect(response.statusCode).toBe(400);
        expect(Object.keys(response.json()).sort()).toEqual(['error', 'message']);
      });
    });

    describe('isolation', () => {
      it("does not show one user's settings to another user of the same tenant", async () => {
        await putSettings('user-a', { default_section: 'powercoil_ev', temperature_metric: 'fahrenheit' });
        const userB = await settingsOf('user-b');
        expect(userB.default_section).toBeNull();
        expect(userB.temperature_metric_preference).toBe('');
        expect((await settingsOf('user-a')).default_section).toBe('powercoil_ev');
      });

      it("keeps a tenant's settings apart from a same-named user of another tenant", async () => {
        const sub = 'same-sub-everywhere';
        await putSettings(sub, { default_section: 'powercoil_ev', temperature_metric: 'fahrenheit' }, 'netzero');

        const seenFromGridwest = await settingsOf(sub, 'gridwest');
        expect(seenFromGridwest).toEqual({
          default_section: null,
          sections_order: GRIDWEST_TABS,
          hidden_sections: [],
          temperature_metric: 'celsius',
          temperature_metric_preference: '',
        });

        const gridwestChange = await putSettings(
          sub,
          { default_section: 'powercoil_alerts', temperature_metric: 'celsius', hidden_sections: ['assets'] },
          'gridwest',
        );
        expect(gridwestChange.statusCode).toBe(200);

        expect(await settingsOf(sub, 'netzero')).toMatchObject({
          default_section: 'powercoil_ev',
          hidden_sections: [],
          temperature_metric_preference: 'fahrenheit',
        });
        expect(await settingsOf(sub, 'gridwest')).toMatchObject({
          default_section: 'powercoil_alerts',
          hidden_sections: ['assets'],
          temperature_metric_preference: 'celsius',
        });
      });

      it('refuses a user of another tenant who names the first tenant in the Tenant header', async () => {
        const owner = 'netzero-owner';
        await putSettings(owner, { default_section: 'assets', temperature_metric: 'fahrenheit' }, 'netzero');
        const gridwestToken = await issuer.token({ sub: owner, tenant: 'gridwest', roles: ['Operator'] });

        const read = await inject(app, configApi.userSettings, { headers: authHeaders(gridwestToken, 'netzero') });
        const write = await inject(app, configApi.updateUserSettings, {
          headers: authHeaders(gridwestToken, 'netzero'),
          body: { default_section: 'powercoil_ev', temperature_metric: 'celsius' },
        });
        expect(read.statusCode).toBe(403);
        expect(read.body).not.toContain('assets');
        expect(write.statusCode).toBe(403);
        expect(await settingsOf(owner, 'netzero')).toMatchObject({
          default_section: 'assets',
          temperature_metric_preference: 'fahrenheit',
        });
      });
    });
  });
}
