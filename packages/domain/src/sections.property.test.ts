import { describe, expect, it } from 'vitest';
import { seededRandom as prng } from './seeded-random';
import { arrangeSections, SECTION_IDS, type SectionId } from './sections';

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

function sample<T>(items: readonly T[], random: () => number): T[] {
  return shuffled(items, random).slice(0, Math.floor(random() * (items.length + 1)));
}

const STRANGERS = ['nope', 'ASSETS', '', 'powercoil', 'devices '];

interface Case {
  tenant: SectionId[];
  order: string[];
  hidden: string[];
}

function randomCase(random: () => number): Case {
  const tenant = sample(SECTION_IDS, random);
  // The stored order mixes the tenant's sections, other sections, unknown ids and repeats.
  const pool = [...SECTION_IDS, ...STRANGERS];
  const order = [...sample(pool, random), ...sample(pool, random)];
  const hidden = sample(pool, random);
  return { tenant, order: shuffled(order, random), hidden };
}

const SEED = 20_240_611;
const RUNS = 500;

describe('arrangeSections (property-based, seeded)', () => {
  const random = prng(SEED);
  const cases = Array.from({ length: RUNS }, () => randomCase(random));

  it('generates varied cases (the generator itself is not degenerate)', () => {
    expect(cases.some((c) => c.tenant.length === 0)).toBe(true);
    expect(cases.some((c) => c.tenant.length === SECTION_IDS.length)).toBe(true);
    expect(cases.some((c) => new Set(c.order).size < c.order.length)).toBe(true);
    expect(cases.some((c) => c.hidden.some((id) => c.tenant.includes(id as SectionId)))).toBe(true);
  });

  it('only ever returns sections of the tenant', () => {
    for (const { tenant, order, hidden } of cases) {
      const result = arrangeSections(tenant, order, hidden);
      for (const id of result) expect(tenant, JSON.stringify({ tenant, order, hidden })).toContain(id);
    }
  });

  it('never returns a section twice', () => {
    for (const { tenant, order, hidden } of cases) {
      const result = arrangeSections(tenant, order, hidden);
      expect(new Set(result).size, JSON.stringify({ tenant, order, hidden })).toBe(result.length);
    }
  });

  it('never returns a hidden section', () => {
    for (const { tenant, order, hidden } of cases) {
      const result = arrangeSections(tenant, order, hidden);
      for (const id of result) expect(hidden, JSON.stringify({ tenant, order, hidden })).not.toContain(id);
    }
  });

  it('returns every tenant section that is not hidden', () => {
    for (const { tenant, order, hidden } of cases) {
      const result = arrangeSections(tenant, order, hidden);
      const expected = tenant.filter((id) => !hidden.includes(id));
      expect([...result].sort(), JSON.stringify({ tenant, order, hidden })).toEqual([...expected].sort());
    }
  });

  it("keeps the relative order of the user's first mention of each section", () => {
    for (const { tenant, order, hidden } of cases) {
      const result = arrangeSections(tenant, order, hidden);
      const mentioned = [...new Set(order)].filter((id) => result.includes(id as SectionId));
      expect(result.slice(0, mentioned.length), JSON.stringify({ tenant, order, hidden })).toEqual(mentioned);
    }
  });
});
