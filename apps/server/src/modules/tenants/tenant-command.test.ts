import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { TEST_DATABASES } from '../../../test/support/test-databases';
import { parseTabs, runTenantCommand } from './tenant-command';
import { createTenantsRepository } from './tenants.repository';

/** Runs the command as an operator would type it, keeping what it printed. */
async function run(db: Database, line: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runTenantCommand(line, db, { out: (text) => out.push(text), err: (text) => err.push(text) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('parseTabs', () => {
  it('reads sections with and without a label of the tenant’s own', () => {
    expect(parseTabs('assets, powercoil_report=Daily grid report ,')).toEqual([
      { id: 'assets', label: '' },
      { id: 'powercoil_report', label: 'Daily grid report' },
    ]);
    expect(parseTabs('')).toEqual([]);
  });
});

for (const backend of TEST_DATABASES) {
  describe(`tenant command [${backend.name}]`, () => {
    let db: Database;
    beforeAll(async () => {
      db = await backend.open();
    });
    afterAll(() => backend.dispose(db));
    beforeEach(async () => {
      await db.query("DELETE FROM tenants WHERE id LIKE 't-%'");
    });
    const find = (id: string) => createTenantsRepository(db).findById(id);

    it('adds a powerdata tenant with its tabs, language and time zone', async () => {
      const result = await run(db, [
        'add',
        't-acme',
        '--name',
        'Acme Power',
        '--type',
        'powerdata',
        '--powerdata-type',
        'netzero',
        '--tabs',
        'assets,powercoil_report=Daily grid report',
        '--language',
        'ga',
        '--time-zone',
        'Europe/Warsaw',
      ]);
      expect(result).toMatchObject({ code: 0, err: '' });
      expect(await find('t-acme')).toEqual({
        id: 't-acme',
        name: 'Acme Power',
        type: 'powerdata',
        powerdata_type: 'netzero',
        tabs: [
          { id: 'assets', label: '' },
          { id: 'powercoil_report', label: 'Daily grid report' },
        ],
        language: 'GA',
        time_zone: 'Europe/Warsaw',
      });
    });

    it('gives a new tracking tenant English and the Irish time zone unless told', async () => {
      expect((await run(db, ['add', 't-fleet', '--name', 'Fleet', '--type', 'tracking', '--tabs', 'devices,journeys'])).code).toBe(0);
      expect(await find('t-fleet')).toMatchObject({ powerdata_type: null, language: 'EN', time_zone: 'Europe/Dublin' });
    });

    it('refuses an empty tabs list, naming the field and what it would mean', async () => {
      const result = await run(db, ['add', 't-empty', '--name', 'Empty', '--type', 'tracking', '--tabs', '']);
      expect(result.code).toBe(1);
      expect(result.err).toContain('tabs (--tabs): tabs must name at least one section');
      expect(result.err).toContain('Limited access');
      expect(await find('t-empty')).toBeNull();
    });

    it('names every bad field at once and adds nothing', async () => {
      const result = await run(db, [
        'add',
        'T Bad!',
        '--type',
        'power',
        '--tabs',
        'devices,bogus',
        '--language',
        'de',
        '--time-zone',
        'Mars/Base',
      ]);
      expect(result.code).toBe(1);
      for (const field of [
        'id (<id>)',
        'name (--name)',
        'type (--type)',
        'tabs.1.id (--tabs)',
        'language (--language)',
        'time_zone (--time-zone)',
      ]) {
        expect(result.err).toContain(field);
      }
      expect(await createTenantsRepository(db).list()).not.toContainEqual(expect.objectContaining({ name: 'T Bad!' }));
    });

    it('refuses tabs of the other kind of tenant and a power data type on a tracking tenant', async () => {
      const tabs = await run(db, ['add', 't-mixed', '--name', 'Mixed', '--type', 'tracking', '--tabs', 'devices,assets']);
      expect(tabs.code).toBe(1);
      expect(tabs.err).toContain('tabs (--tabs): a tracking tenant cannot have assets');
      const kind = await run(db, [
        'add',
        't-mixed',
        '--name',
        'Mixed',
        '--type',
        'tracking',
        '--tabs',
        'devices',
        '--powerdata-type',
        'netzero',
      ]);
      expect(kind.code).toBe(1);
      expect(kind.err).toContain('powerdata_type (--powerdata-type)');
      expect(await find('t-mixed')).toBeNull();
    });

    it('refuses a second tenant of the same id and leaves the first as it was', async () => {
      await run(db, ['add', 't-twice', '--name', 'First', '--type', 'tracking', '--tabs', 'devices']);
      const again = await run(db, ['add', 't-twice', '--name', 'Second', '--type', 'tracking', '--tabs', 'alerts']);
      expect(again.code).toBe(1);
      expect(again.err).toContain('exists already');
      expect(await find('t-twice')).toMatchObject({ name: 'First', tabs: [{ id: 'devices', label: '' }] });
    });

    it('changes only the fields given', async () => {
      await run(db, ['add', 't-set', '--name', 'Before', '--type', 'powerdata', '--powerdata-type', 'netzero', '--tabs', 'assets']);
      const result = await run(db, ['set', 't-set', '--tabs', 'assets=Substations,powercoil_alerts', '--language', 'FR']);
      expect(result).toMatchObject({ code: 0, err: '' });
      expect(await find('t-set')).toMatchObject({
        name: 'Before',
        powerdata_type: 'netzero',
        language: 'FR',
        tabs: [
          { id: 'assets', label: 'Substations' },
          { id: 'powercoil_alerts', label: '' },
        ],
      });
      expect((await run(db, ['set', 't-set', '--name', 'After', '--powerdata-type', 'none'])).code).toBe(0);
      expect(await find('t-set')).toMatchObject({ name: 'After', powerdata_type: null, language: 'FR' });
    });

    it('refuses to empty the tabs, to change the type or time zone, and tabs of the other kind', async () => {
      await run(db, ['add', 't-keep', '--name', 'Keep', '--type', 'tracking', '--tabs', 'devices']);
      const empty = await run(db, ['set', 't-keep', '--tabs', ' ']);
      expect(empty.code).toBe(1);
      expect(empty.err).toContain('tabs (--tabs): tabs must name at least one section');
      const type = await run(db, ['set', 't-keep', '--type', 'powerdata']);
      expect(type.code).toBe(1);
      expect(type.err).toContain('type (--type): the type is fixed');
      const zone = await run(db, ['set', 't-keep', '--time-zone', 'Europe/Paris']);
      expect(zone.err).toContain('time_zone (--time-zone): the time zone is fixed');
      const power = await run(db, ['set', 't-keep', '--tabs', 'powercoil_ev']);
      expect(power.err).toContain('a tracking tenant cannot have powercoil_ev');
      const kind = await run(db, ['set', 't-keep', '--powerdata-type', 'netzero']);
      expect(kind.err).toContain('powerdata_type (--powerdata-type)');
      const nothing = await run(db, ['set', 't-keep']);
      expect(nothing.err).toContain('give at least one field to change');
      expect(await find('t-keep')).toMatchObject({
        type: 'tracking',
        powerdata_type: null,
        tabs: [{ id: 'devices', label: '' }],
        time_zone: 'Europe/Dublin',
      });
    });

    it('says so when the tenant to change or show does not exist', async () => {
      expect(await run(db, ['set', 't-none', '--name', 'X'])).toMatchObject({ code: 1, err: 'No tenant "t-none": add it with "add"' });
      expect(await run(db, ['show', 't-none'])).toMatchObject({ code: 1, err: 'No tenant "t-none"' });
    });

    it('lists the tenants and shows one', async () => {
      await run(db, ['add', 't-list', '--name', 'Listed', '--type', 'tracking', '--tabs', 'devices,alerts=Alarms']);
      const list = await run(db, ['list']);
      expect(list.code).toBe(0);
      expect(list.out.split('\n')).toContain('t-list\ttracking\t-\tEN\tEurope/Dublin\tListed\tdevices,alerts=Alarms');
      const show = await run(db, ['show', 't-list']);
      expect(JSON.parse(show.out)).toMatchObject({ id: 't-list', tabs: [{ id: 'devices' }, { id: 'alerts', label: 'Alarms' }] });
    });

    it('answers an unknown action or option with the usage', async () => {
      for (const line of [['rename', 't-x'], ['add'], ['add', 't-x', '--colour', 'red'], []]) {
        const result = await run(db, line);
        expect(result.code).toBe(2);
        expect(result.err).toContain('npm run tenant -- add <id>');
      }
    });
  });
}
