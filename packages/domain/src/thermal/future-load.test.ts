import { describe, expect, it } from 'vitest';
import { loadFactorsWithAddedLoad } from './future-load';

const HOUR = 3_600_000;
const byHour = (kva: (hour: number) => number) => Float64Array.from({ length: 24 }, (_, h) => kva(h));

describe('loadFactorsWithAddedLoad', () => {
  it("adds each hour's added load as a share of the rating", () => {
    const start = Date.UTC(2026, 0, 12); // a Monday in winter: Dublin is on UTC
    const timesMs = Float64Array.from([start + 17.5 * HOUR, start + 18.25 * HOUR, start + 3 * HOUR]);
    const loadPu = Float64Array.from([0.5, 0.6, 0.2]);
    // 40 kVA at 17:00, 50 kVA at 18:00, nothing at night, on a 100 kVA transformer.
    const added = byHour((h) => (h === 17 ? 40 : h === 18 ? 50 : 0));
    expect(Array.from(loadFactorsWithAddedLoad(timesMs, loadPu, added, 100, 'Europe/Dublin'))).toEqual([0.9, 1.1, 0.2]);
  });

  it("takes the hour on the tenant's clock: in Irish summer time 17:30 UTC is 18:30", () => {
    const july = Date.UTC(2026, 6, 13);
    const timesMs = Float64Array.from([july + 17.5 * HOUR]);
    const added = byHour((h) => h * 10);
    expect(loadFactorsWithAddedLoad(timesMs, Float64Array.from([0]), added, 100, 'Europe/Dublin')[0]).toBeCloseTo(1.8, 12);
    expect(loadFactorsWithAddedLoad(timesMs, Float64Array.from([0]), added, 100, 'UTC')[0]).toBeCloseTo(1.7, 12);
  });

  it('never lowers the load, and adds nothing when nothing is added', () => {
    const timesMs = Float64Array.from({ length: 96 }, (_, i) => Date.UTC(2026, 2, 1) + i * 900_000);
    const loadPu = Float64Array.from({ length: 96 }, (_, i) => 0.3 + 0.4 * Math.sin(i / 10) ** 2);
    const none = loadFactorsWithAddedLoad(timesMs, loadPu, new Float64Array(24), 250, 'Europe/Dublin');
    expect(Array.from(none)).toEqual(Array.from(loadPu));
    const some = loadFactorsWithAddedLoad(
      timesMs,
      loadPu,
      byHour((h) => (h >= 16 && h <= 21 ? 30 : 2)),
      250,
      'Europe/Dublin',
    );
    for (let i = 0; i < 96; i++) expect(some[i]).toBeGreaterThan(loadPu[i]!);
  });

  it('refuses an added load that is not hourly', () => {
    expect(() => loadFactorsWithAddedLoad(new Float64Array(1), new Float64Array(1), new Float64Array(23), 100, 'UTC')).toThrow(RangeError);
  });
});
