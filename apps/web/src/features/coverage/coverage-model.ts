import type { DeviceCoverage } from '@gridlens/contract/coverage';
import { COVERAGE_LEVELS, COVERAGE_WINDOW_DAYS, type CoverageLevel, type CoverageWindowDays } from '@gridlens/domain/power/coverage';
import { csvField } from '@/lib/csv';

/** The window in the URL (?days=), or the last day. */
export const windowOf = (text: string | null): CoverageWindowDays =>
  (COVERAGE_WINDOW_DAYS as readonly number[]).includes(Number(text)) ? (Number(text) as CoverageWindowDays) : 1;

/** The level filter in the URL (?level=), or null for every level. */
export const levelOf = (text: string | null): CoverageLevel | null =>
  COVERAGE_LEVELS.includes(text as CoverageLevel) ? (text as CoverageLevel) : null;

/** How many devices have each level. */
export function levelCounts(devices: readonly DeviceCoverage[]): Record<CoverageLevel, number> {
  const counts = Object.fromEntries(COVERAGE_LEVELS.map((level) => [level, 0])) as Record<CoverageLevel, number>;
  for (const device of devices) counts[device.level] += 1;
  return counts;
}

/** Delivered share of the numbered messages, in per cent; null when nothing was numbered. */
export const deliveryPercent = (device: Pick<DeviceCoverage, 'received' | 'expected'>): number | null =>
  device.expected > 0 ? (100 * device.received) / device.expected : null;

export interface CsvLabels {
  headers: readonly string[];
  level: (level: CoverageLevel) => string;
  time: (iso: string | null) => string;
}

const fixed = (value: number | null, decimals: number) => (value === null ? '' : value.toFixed(decimals));

/**
 * The devices shown, as CSV in the table's columns. Numbers are written with a dot and no grouping whatever the
 * screen's language (as the assets export does), so any spreadsheet reads them as numbers.
 */
export function coverageCsv(devices: readonly DeviceCoverage[], labels: CsvLabels): string {
  const lines = [labels.headers.map((h) => csvField(h, true)).join(',')];
  for (const d of devices) {
    lines.push(
      [
        csvField(d.device_id, true),
        csvField(d.transformer_name, true),
        csvField(labels.level(d.level), true),
        fixed(d.mean_lqi, 1),
        fixed(d.min_lqi, 0),
        fixed(d.received, 0),
        fixed(d.expected, 0),
        fixed(deliveryPercent(d), 1),
        csvField(d.connection_type ?? '', true),
        csvField(labels.time(d.last_message_at), false),
      ].join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}
