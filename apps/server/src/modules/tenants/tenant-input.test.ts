import { describe, expect, it } from 'vitest';
import { SECTION_IDS, sectionsOfTenantType } from '@gridlens/domain/sections';
import { DEMO_TENANTS } from './demo-tenants';
import { NewTenantSchema, tabsOutsideType } from './tenant-input';

describe('tenant input', () => {
  it('gives every section to exactly one kind of tenant', () => {
    const tracking = sectionsOfTenantType('tracking');
    const power = sectionsOfTenantType('powerdata');
    expect([...tracking, ...power].sort()).toEqual([...SECTION_IDS].sort());
    expect(tracking).toEqual(['poi', 'locations', 'journeys', 'devices', 'report', 'alerts']);
  });

  it('accepts the demo tenants as an operator would add them', () => {
    for (const tenant of DEMO_TENANTS) expect(NewTenantSchema.safeParse(tenant).error).toBeUndefined();
  });

  it('names the sections of the other kind', () => {
    expect(tabsOutsideType('powerdata', [{ id: 'assets' }, { id: 'journeys' }])).toMatch(
      /^a powerdata tenant cannot have journeys; its sections are powercoil_analytics, assets,/,
    );
    expect(tabsOutsideType('tracking', [{ id: 'journeys' }])).toBeNull();
  });

  it('refuses a tab named twice', () => {
    const result = NewTenantSchema.safeParse({
      id: 'x',
      name: 'X',
      type: 'tracking',
      tabs: [
        { id: 'devices', label: '' },
        { id: 'devices', label: 'Again' },
      ],
    });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['tabs'], message: 'tabs must not name a section twice' })]);
  });
});
