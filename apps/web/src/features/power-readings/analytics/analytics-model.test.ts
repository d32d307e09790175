import { describe, expect, it } from 'vitest';
import type { AssetList } from '@gridlens/contract/assets';
import type { FleetTotals, IssueTimeline } from '@gridlens/contract/power-readings';
import { ISSUE_FLAG_NAMES } from '@gridlens/domain/power/issue-flags';
import { devicesByIssues, issueSeries, totalPowerFacts } from './analytics-model';

const totals = (points: { mean_kva: number; max_kva: number }[], rating = 1000): FleetTotals => ({
  range: '7d',
  resolution: 'day',
  device_count: 2,
  reporting_devices: 2,
  total_rating_kva: rating,
  points: points.map((p, i) => ({ time: new Date(Date.UTC(2026, 10, 15 + i)).toISOString(), devices: 2, partial: false, ...p })),
});

describe('analytics', () => {
  it('takes the peak of the maxima, the mean of the means and that mean over the rating', () => {
    expect(
      totalPowerFacts(
        totals([
          { mean_kva: 100, max_kva: 300 },
          { mean_kva: 300, max_kva: 500 },
        ]),
      ),
    ).toEqual({ peak: 500, mean: 200, utilisation: 20 });
    expect(totalPowerFacts(totals([]))).toEqual({ peak: null, mean: null, utilisation: null });
    expect(totalPowerFacts(totals([{ mean_kva: 1, max_kva: 1 }], 0)).utilisation).toBeNull();
  });

  it('gives one count series per issue flag over the buckets, zero where a flag is absent', () => {
    const timeline: IssueTimeline = {
      range: '7d',
      buckets: [
        {
          from: '2026-11-20T00:00:00.000Z',
          to: '2026-11-21T00:00:00.000Z',
          partial: false,
          device_count: 3,
          reporting_devices: 3,
          issues: { HasNoPower: 2 },
        },
        {
          from: '2026-11-21T00:00:00.000Z',
          to: '2026-11-22T00:00:00.000Z',
          partial: false,
          device_count: 3,
          reporting_devices: 2,
          issues: { HasNoPower: 1, HasLowBattery: 3 },
        },
      ],
    };
    const [times, ...series] = issueSeries(timeline);
    expect(times).toEqual([Date.UTC(2026, 10, 20), Date.UTC(2026, 10, 21)]);
    expect(series).toHaveLength(ISSUE_FLAG_NAMES.length);
    expect(series[ISSUE_FLAG_NAMES.indexOf('HasNoPower')]).toEqual([2, 1]);
    expect(series[ISSUE_FLAG_NAMES.indexOf('HasLowBattery')]).toEqual([0, 3]);
  });

  it('ranks devices with issues by how many they have, then by capacity, and leaves out those with none', () => {
    const flagColumns = Object.fromEntries(ISSUE_FLAG_NAMES.map((flag) => [flag, [false, false, false, false]]));
    flagColumns['HasNoPower'] = [true, false, true, true];
    flagColumns['HasLowBattery'] = [false, false, false, true];
    // Capacity under limit is no issue (as on the assets screen's device status).
    flagColumns['HasCapacityUnderLimit'] = [false, true, false, false];
    const communication_state = ['communicated', 'communicated', 'communicated', 'communicated'];
    const list = { count: 4, columns: { ...flagColumns, communication_state, capacity_percent: [10, 99, 50, 5] } } as unknown as AssetList;
    expect(devicesByIssues(list).map((r) => [r.index, r.issues])).toEqual([
      [3, ['no_power', 'low_battery']],
      [2, ['no_power']],
      [0, ['no_power']],
    ]);
  });
});
