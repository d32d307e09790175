import { describe, expect, it } from 'vitest';
import {
  arrangeSections,
  isSectionId,
  landingSection,
  SECTION_CATALOGUE,
  SECTION_IDS,
  sectionById,
  tenantSectionLabel,
  type SectionId,
} from './sections';

const NETZERO: SectionId[] = ['assets', 'powercoil_analytics', 'powercoil_report', 'powercoil_alerts', 'powercoil_ev'];

describe('arrangeSections', () => {
  it('uses the tenant order when the user has no order and hides nothing', () => {
    expect(arrangeSections(NETZERO, [], [])).toEqual(NETZERO);
  });

  it("follows the user's order", () => {
    const order = ['powercoil_ev', 'assets', 'powercoil_report', 'powercoil_alerts', 'powercoil_analytics'];
    expect(arrangeSections(NETZERO, order, [])).toEqual(order);
  });

  it('leaves hidden sections out', () => {
    expect(arrangeSections(NETZERO, ['powercoil_ev', 'assets'], ['assets', 'powercoil_report'])).toEqual([
      'powercoil_ev',
      'powercoil_analytics',
      'powercoil_alerts',
    ]);
  });

  it('drops ids that are not sections at all', () => {
    expect(arrangeSections(NETZERO, ['nope', 'powercoil_ev', 'ASSETS'], [])).toEqual([
      'powercoil_ev',
      'assets',
      'powercoil_analytics',
      'powercoil_report',
      'powercoil_alerts',
    ]);
  });

  it("drops sections that exist but are not the tenant's", () => {
    const result = arrangeSections(NETZERO, ['devices', 'powercoil_alerts', 'journeys'], []);
    expect(result).not.toContain('devices');
    expect(result).not.toContain('journeys');
    expect(result[0]).toBe('powercoil_alerts');
    expect(result).toHaveLength(NETZERO.length);
  });

  it('appends a tab the tenant gained after the user saved an order, in tenant order', () => {
    const savedBefore = ['powercoil_report', 'assets'];
    const tenantNow: SectionId[] = ['assets', 'powercoil_analytics', 'powercoil_report', 'powercoil_ev'];
    expect(arrangeSections(tenantNow, savedBefore, [])).toEqual(['powercoil_report', 'assets', 'powercoil_analytics', 'powercoil_ev']);
  });

  it('lists a section only once when the stored order repeats it', () => {
    expect(arrangeSections(NETZERO, ['powercoil_ev', 'assets', 'powercoil_ev', 'assets'], [])).toEqual([
      'powercoil_ev',
      'assets',
      'powercoil_analytics',
      'powercoil_report',
      'powercoil_alerts',
    ]);
  });

  it('gives nothing when every section is hidden', () => {
    expect(arrangeSections(NETZERO, [], NETZERO)).toEqual([]);
  });

  it('does not change its inputs', () => {
    const tenant = [...NETZERO];
    const order = ['powercoil_ev', 'assets'];
    const hidden = ['assets'];
    arrangeSections(tenant, order, hidden);
    expect(tenant).toEqual(NETZERO);
    expect(order).toEqual(['powercoil_ev', 'assets']);
    expect(hidden).toEqual(['assets']);
  });
});

describe('landingSection', () => {
  const visible: SectionId[] = ['powercoil_report', 'assets', 'powercoil_ev'];

  it('lands on the default section when it is visible', () => {
    expect(landingSection(visible, 'assets')).toBe('assets');
  });

  it('lands on the first visible section when the default is hidden', () => {
    expect(landingSection(visible, 'powercoil_alerts')).toBe('powercoil_report');
  });

  it('lands on the first visible section without a default', () => {
    expect(landingSection(visible, null)).toBe('powercoil_report');
    expect(landingSection(visible, '')).toBe('powercoil_report');
  });

  it('ignores a default that is not a section', () => {
    expect(landingSection(visible, 'nope')).toBe('powercoil_report');
  });

  it('has nowhere to land without visible sections', () => {
    expect(landingSection([], 'assets')).toBeNull();
    expect(landingSection([], null)).toBeNull();
  });
});

describe('section catalogue', () => {
  it('has one entry per section id, each with a route, icon and label key', () => {
    expect(SECTION_CATALOGUE.map((s) => s.id)).toEqual([...SECTION_IDS]);
    for (const section of SECTION_CATALOGUE) {
      expect(section.route).toBe(`/${section.id}`);
      expect(section.icon).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(section.labelKey).toBe(`sections.${section.id}`);
    }
  });

  it('finds a section by id', () => {
    expect(sectionById('devices')).toEqual({ id: 'devices', route: '/devices', icon: 'Router', labelKey: 'sections.devices' });
  });

  it('recognises section ids case-sensitively', () => {
    expect(isSectionId('assets')).toBe(true);
    expect(isSectionId('Assets')).toBe(false);
    expect(isSectionId('')).toBe(false);
  });
});

describe('tenant section labels', () => {
  it('keeps a name of the tenant’s own, tidied of outer and doubled spaces', () => {
    expect(tenantSectionLabel('powercoil_report', 'Daily grid report')).toBe('Daily grid report');
    expect(tenantSectionLabel('assets', '  Substations   map ')).toBe('Substations map');
  });

  it('leaves the section to its translated name when the label repeats the spec’s name or is empty', () => {
    expect(tenantSectionLabel('powercoil_report', 'Power report')).toBeNull();
    expect(tenantSectionLabel('poi', 'FLEET  report')).toBeNull();
    expect(tenantSectionLabel('powercoil_ev', 'EV modelling')).toBeNull();
    expect(tenantSectionLabel('assets', '')).toBeNull();
    expect(tenantSectionLabel('assets', '   ')).toBeNull();
    expect(tenantSectionLabel('assets', null)).toBeNull();
  });

  it('does not take another section’s name for the default', () => {
    expect(tenantSectionLabel('assets', 'Power report')).toBe('Power report');
  });
});
