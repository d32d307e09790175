import type { AssetList } from '@gridlens/contract/assets';
import type { FleetTotals, IssueTimeline } from '@gridlens/contract/power-readings';
import { deviceIssuesAt, type DeviceIssue, type DeviceStatusCategory } from '@gridlens/domain/power/device-status';
import { ISSUE_FLAG_NAMES } from '@gridlens/domain/power/issue-flags';
import { deviceMatchesSearch } from '@/lib/device-issue-search';

/** The fleet's total-power facts over a range: peak and mean of the fleet total, and that mean over the rating. */
export function totalPowerFacts(totals: FleetTotals) {
  const points = totals.points;
  const peak = points.length === 0 ? null : Math.max(...points.map((p) => p.max_kva));
  const mean = points.length === 0 ? null : points.reduce((sum, p) => sum + p.mean_kva, 0) / points.length;
  const utilisation = mean === null || totals.total_rating_kva === 0 ? null : (mean / totals.total_rating_kva) * 100;
  return { peak, mean, utilisation };
}

/** The issues chart's data: bucket starts, then one count series per issue flag. */
export function issueSeries(timeline: IssueTimeline): [number[], ...number[][]] {
  const times = timeline.buckets.map((b) => Date.parse(b.from));
  return [times, ...ISSUE_FLAG_NAMES.map((flag) => timeline.buckets.map((b) => b.issues[flag] ?? 0))];
}

export interface DeviceIssues {
  index: number;
  issues: DeviceIssue[];
}

/**
 * The devices with an issue (the domain's `deviceIssues`: those whose device status on the assets screen is not
 * "No issue"), most issues first, then the fuller transformer (capacity) first.
 */
export function devicesByIssues(list: AssetList): DeviceIssues[] {
  const { columns } = list;
  const rows: DeviceIssues[] = [];
  for (let index = 0; index < list.count; index += 1) {
    const issues = deviceIssuesAt(columns, index);
    if (issues.length > 0) rows.push({ index, issues });
  }
  const capacity = (i: number) => columns.capacity_percent[i] ?? -1;
  return rows.sort((a, b) => b.issues.length - a.issues.length || capacity(b.index) - capacity(a.index));
}

/** The devices the header search finds (a `searchKey`), as every power-data screen finds them: by id, name, status or issue. */
export function searchDevices(
  list: AssetList,
  rows: readonly DeviceIssues[],
  search: string,
  statusName: (status: DeviceStatusCategory) => string,
): DeviceIssues[] {
  return search ? rows.filter((r) => deviceMatchesSearch(list.columns, r.index, search, statusName)) : [...rows];
}
