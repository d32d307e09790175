/**
 * Placing position fixes in 5,000 POIs (two thirds circles of 100–500 m, one third polygons), with the spatial
 * index that ingest uses (packages/domain/src/tracking/place-index.ts) and, as the baseline, by testing every POI
 * (what ingest did before). Run on its own: `npx tsx scripts/bench/bench-placement.ts`.
 */
import { seededRandom } from '../../packages/domain/src/seeded-random';
import { createPlaceIndex, placeOfByScan, type Place } from '../../packages/domain/src/tracking/place-index';

const POIS = 5_000;
const FIXES = 200_000;
const SCANNED = 2_000;
const random = seededRandom(7);
const places: Place[] = [];
for (let i = 0; i < POIS; i++) {
  const latitude = 51.5 + random() * 3.8;
  const longitude = -10 + random() * 4;
  places.push(
    i % 3 === 0
      ? {
          id: `p${i}`,
          shape: {
            kind: 'polygon',
            rings: [
              [
                [longitude, latitude],
                [longitude + 0.004, latitude],
                [longitude + 0.004, latitude + 0.003],
                [longitude, latitude + 0.003],
                [longitude, latitude],
              ],
            ],
          },
        }
      : { id: `c${i}`, shape: { kind: 'circle', latitude, longitude, radiusM: 100 + random() * 400 } },
  );
}
const fixes = Array.from({ length: FIXES }, () => ({ latitude: 51.5 + random() * 3.8, longitude: -10 + random() * 4 }));

let started = performance.now();
const index = createPlaceIndex(places);
console.log(`index of ${POIS} POIs built in ${(performance.now() - started).toFixed(1)} ms`);
for (let round = 1; round <= 3; round++) {
  started = performance.now();
  let inside = 0;
  for (const fix of fixes) if (index.placeOf(fix)) inside += 1;
  const nsPerFix = ((performance.now() - started) * 1e6) / FIXES;
  console.log(`round ${round}: ${nsPerFix.toFixed(0)} ns per fix with the index (${inside} of ${FIXES} in a POI)`);
}
started = performance.now();
for (const fix of fixes.slice(0, SCANNED)) placeOfByScan(fix, places);
console.log(`baseline: ${(((performance.now() - started) * 1e6) / SCANNED).toFixed(0)} ns per fix testing every POI`);
