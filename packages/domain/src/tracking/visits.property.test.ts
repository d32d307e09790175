import { describe, expect, it } from 'vitest';
import { pick, seededRandom } from '../seeded-random';
import { canonicalFixes, journeysOf, recomputeFromMs, visitsOf, windowStart, type PlacedFix, type Visit } from './visits';

const MINUTE_MS = 60_000;
const PLACES = ['DEPOT', 'SITE-1', 'SITE-2', null, null] as const;

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** A device's history: stays of a few fixes each, 15 to 90 minutes apart; now and then two fixes at one instant. */
function randomHistory(random: () => number): PlacedFix[] {
  const fixes: PlacedFix[] = [];
  let atMs = Date.UTC(2026, 9, 1);
  const stays = 1 + Math.floor(random() * 12);
  for (let stay = 0; stay < stays; stay++) {
    const place = pick(random, PLACES);
    const count = 1 + Math.floor(random() * 5);
    for (let i = 0; i < count; i++) {
      if (random() >= 0.1) atMs += (15 + Math.floor(random() * 75)) * MINUTE_MS;
      fixes.push({ seq: fixes.length + 1, atMs, locationId: place });
    }
  }
  return fixes;
}

/** How ingest derives: each batch of newly stored fixes recomputes from the start its earliest fix calls for. */
function incrementally(batches: readonly PlacedFix[][]): Visit[] {
  const stored = new Map<number, PlacedFix>();
  let visits: Visit[] = [];
  for (const batch of batches) {
    const fresh = batch.filter((f) => !stored.has(f.seq));
    for (const f of fresh) stored.set(f.seq, f);
    if (fresh.length === 0) continue;
    const earliestMs = Math.min(...fresh.map((f) => f.atMs));
    const fromMs = recomputeFromMs(
      visits.map((v) => v.arrivalMs),
      earliestMs,
    );
    const startVisit = visits.find((v) => v.arrivalMs === fromMs) ?? null;
    const kept = fromMs === null ? [] : visits.filter((v) => v.arrivalMs < fromMs);
    const start = windowStart(startVisit, earliestMs);
    const window = [...stored.values()].filter((f) =>
      'fixesAfterMs' in start ? f.atMs > start.fixesAfterMs : f.atMs >= start.fixesFromMs,
    );
    visits = [...kept, ...visitsOf(window, start.from)];
  }
  return visits;
}

const SEED = 20_261_124;
const RUNS = 400;

describe('visits and journeys (property-based, seeded)', () => {
  const random = seededRandom(SEED);
  const cases = Array.from({ length: RUNS }, () => randomHistory(random));

  it('are the same from shuffled and repeated fixes as from ordered ones', () => {
    for (const ordered of cases) {
      const repeated = [...ordered, ...ordered.filter(() => random() < 0.3)];
      const mixed = shuffled(repeated, random);
      expect(visitsOf(mixed)).toEqual(visitsOf(ordered));
      expect(journeysOf(visitsOf(mixed))).toEqual(journeysOf(visitsOf(ordered)));
    }
  });

  it('are the same when derived batch by batch, whatever order and repeats the batches come in', () => {
    for (const ordered of cases) {
      const mixed = shuffled([...ordered, ...ordered.filter(() => random() < 0.2)], random);
      const batches: PlacedFix[][] = [];
      for (let i = 0; i < mixed.length;) {
        const size = 1 + Math.floor(random() * 4);
        batches.push(mixed.slice(i, i + size));
        i += size;
      }
      const derived = incrementally(batches);
      expect(derived).toEqual(visitsOf(ordered));
      expect(journeysOf(derived)).toEqual(journeysOf(visitsOf(ordered)));
    }
  });

  it('cover every fix in a POI exactly once', () => {
    for (const ordered of cases) {
      const inPois = canonicalFixes(ordered).filter((f) => f.locationId !== null).length;
      expect(visitsOf(ordered).reduce((sum, v) => sum + v.fixCount, 0)).toBe(inPois);
      for (const v of visitsOf(ordered)) expect(v.departureMs === null || v.departureMs > v.lastSeenMs).toBe(true);
    }
  });
});
