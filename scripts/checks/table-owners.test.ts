import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TableOwnership } from '../../apps/server/src/db/table-ownership';
import { ownershipProblems, partOf, tableOwnerProblems, tablesCreatedIn, tablesIn, type Inputs, type PartUse } from './table-owners';

const TABLES = new Set(['devices', 'readings', 'rules', 'tenants']);

const use = (writes: string[], reads: string[]): PartUse => ({
  writes: new Map(writes.map((table) => [table, `${table}-write`])),
  reads: new Map(reads.map((table) => [table, `${table}-read`])),
});

/** A small house: registry owns devices, readings imports registry and reads its devices, alerts imports readings. */
function house(overrides: Partial<Inputs> = {}): Inputs {
  return {
    tables: TABLES,
    declarations: new Map<string, TableOwnership>([
      ['tenants', { owns: ['tenants'] }],
      ['registry', { owns: ['devices'] }],
      ['readings', { owns: ['readings'], reads: { registry: ['devices'] } }],
      ['alerts', { owns: ['rules'], reads: { readings: ['readings'] } }],
    ]),
    uses: new Map([
      ['registry', use(['devices'], [])],
      ['readings', use(['readings'], ['devices'])],
      ['alerts', use(['rules'], ['readings'])],
    ]),
    imports: new Map([
      ['registry', new Set<string>()],
      ['readings', new Set(['registry'])],
      ['alerts', new Set(['readings'])],
    ]),
    ...overrides,
  };
}

describe('the check that each table has one owner and is read along the imports', () => {
  it('finds writes and reads in SQL strings and templates, and tables named on their own', () => {
    const source = [
      "const a = 'INSERT INTO readings (x) VALUES ($1)';",
      'const b = `UPDATE devices d SET name = ${name} WHERE d.id = $1`;',
      "const c = 'SELECT r.* FROM rules r JOIN tenants t ON t.id = r.tenant_id';",
      "prune(tx, 'readings');",
      "const section = { id: 'devices', label: 'Devices' };",
      "const d = 'DELETE FROM nothing_known';",
    ].join('\n');
    const found = tablesIn('x.ts', source, TABLES);
    expect([...found.writes.keys()]).toEqual(['readings', 'devices']);
    expect([...found.reads.keys()]).toEqual(['rules', 'tenants', 'readings']);
    expect(found.writes.get('devices')).toBe('x.ts:2');
  });

  it('knows the tables the migrations leave', () => {
    expect(tablesCreatedIn('CREATE TABLE a (x int); CREATE TABLE IF NOT EXISTS b (y int); CREATE TABLE c (); DROP TABLE c;')).toEqual([
      'a',
      'b',
    ]);
  });

  it('names parts by module, or by folder outside the modules', () => {
    expect(partOf('apps/server/src/modules/assets/assets.repository.ts')).toBe('assets');
    expect(partOf('apps/server/src/oidc/oidc-payloads.repository.ts')).toBe('src/oidc');
    expect(partOf('apps/server/src/app.ts')).toBe('src');
    expect(partOf('apps/web/src/main.tsx')).toBeNull();
  });

  it('passes a house where each part writes its own tables and reads along its imports', () => {
    expect(ownershipProblems(house())).toEqual([]);
  });

  it('fails on a write to another part’s table', () => {
    const planted = house({ uses: new Map([...house().uses, ['alerts', use(['rules', 'devices'], ['readings'])]]) });
    expect(ownershipProblems(planted)).toEqual(['devices-write: alerts writes devices, which registry owns; write through its owner']);
  });

  it('fails on a read that is not declared', () => {
    const planted = house({ uses: new Map([...house().uses, ['alerts', use(['rules'], ['readings', 'devices'])]]) });
    expect(ownershipProblems(planted)).toEqual(["devices-read: alerts reads registry's devices without declaring it in its *.tables.ts"]);
  });

  it('fails on a declared read against the imports: a part reading the tables of a part built on it', () => {
    const base = house();
    const planted = house({
      declarations: new Map([...base.declarations, ['registry', { owns: ['devices'], reads: { alerts: ['rules'] } }]]),
      uses: new Map([...base.uses, ['registry', use(['devices'], ['rules'])]]),
    });
    expect(ownershipProblems(planted)).toEqual([
      "registry reads alerts's tables, but alerts imports registry: a read against the arrows; ask alerts through a port or hook",
    ]);
  });

  it('fails on a table with two owners or none', () => {
    const base = house();
    const planted = house({
      declarations: new Map([
        ...base.declarations,
        ['tenants', { owns: [] }],
        ['alerts', { owns: ['rules', 'devices'], reads: { readings: ['readings'] } }],
      ]),
    });
    expect(ownershipProblems(planted)).toEqual([
      'devices: owned by both registry and alerts; a table has one owner',
      "tenants: no part owns it; declare it in its owner's *.tables.ts",
    ]);
  });

  it('fails on a declared read that no SQL makes, and on a read declared of a part that does not own the table', () => {
    const base = house();
    const planted = house({
      declarations: new Map([
        ...base.declarations,
        ['alerts', { owns: ['rules'], reads: { readings: ['readings'], registry: ['devices', 'rules'] } }],
      ]),
    });
    expect(ownershipProblems(planted)).toEqual([
      "alerts declares a read of registry's devices that none of its SQL makes",
      "alerts declares a read of registry's rules, but registry does not own it",
    ]);
  });

  it('finds no problem in this repository', async () => {
    expect(await tableOwnerProblems(resolve(import.meta.dirname, '../..'))).toEqual([]);
  });
});
