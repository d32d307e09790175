import { deviceIssuesAt, type DeviceStatusCategory, type IssueColumns } from '@gridlens/domain/power/device-status';
import { textsMatch } from './text-search';

/**
 * The i18n key of a device status's name (an issue, or "No issue"): the device status of that issue, one name on every
 * screen.
 */
export const issueKey = (status: DeviceStatusCategory) => `assets.values.status_category.${status}`;

type SearchColumns = IssueColumns & {
  readonly device_id: readonly string[];
  readonly transformer_name: readonly (string | null | undefined)[];
};

/**
 * Whether the header search finds row `index` of a power-data list on every screen that lists devices (assets,
 * analytics, power report): by its device id, its name, any of its issues in the user's language (the domain's
 * `deviceIssues`, so "Phase imbalance" finds every device with a phase imbalance, not only those whose most serious
 * issue it is) or, for a device without any, "No issue" (so that finds them whether the status column is shown or
 * not), or by the screen's own further texts (`more`, e.g. the assets table's text columns). The device status the
 * status column writes is the first of those issues, or "No issue": it is matched with them, once. `search` is a
 * `searchKey`; `statusName` names a status in the user's language.
 */
export function deviceMatchesSearch(
  columns: SearchColumns,
  index: number,
  search: string,
  statusName: (status: DeviceStatusCategory) => string,
  more: readonly (string | null | undefined)[] = [],
): boolean {
  if (search === '') return true;
  if (textsMatch([columns.device_id[index], columns.transformer_name[index], ...more], search)) return true;
  // The issues are judged only for a row its own texts do not match: a search over 10,000 rows stays cheap.
  const issues: readonly DeviceStatusCategory[] = deviceIssuesAt(columns, index);
  return textsMatch((issues.length > 0 ? issues : NO_ISSUE).map(statusName), search);
}

const NO_ISSUE: readonly DeviceStatusCategory[] = ['no_issue'];
