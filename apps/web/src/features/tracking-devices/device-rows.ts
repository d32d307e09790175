import type { TrackedDevice } from '@gridlens/contract/tracking';
import type { PositionCategory } from '@gridlens/domain/tracking/enumerations';
import { isLowBatteryTracker, isSilentTracker } from '@gridlens/domain/tracking/fleet-summary';
import type { Movement } from '@gridlens/domain/tracking/movement';
import { textsMatch } from '@/lib/text-search';

/** The devices table's columns, in the order it shows them; the name (with the id) always stays. */
export const DEVICE_FIELDS = [
  'name',
  'last_message_at',
  'last_message_type',
  'location_name',
  'position_category',
  'movement',
  'battery_pct',
  'temperature_c',
  'device_type',
  'tags',
] as const;
export type DeviceField = (typeof DEVICE_FIELDS)[number];
/**
 * The narrowest screen (px) each column has room on, beside the navigation (issue 27: at 1,680 px the table showed
 * 4 of its 8 columns). The name, the last message and the location type always; then the place, whether it
 * moves, its battery; how it was found and its tags from 1,680 px, where all eight fit; temperature and type,
 * when chosen, from 1,920 px. Narrower, a column gives way rather than scroll out of sight.
 */
export const FIELD_SHOWN_FROM: Readonly<Partial<Record<DeviceField, number>>> = {
  location_name: 1150,
  movement: 1300,
  battery_pct: 1400,
  last_message_type: 1680,
  tags: 1680,
  temperature_c: 1920,
  device_type: 1920,
};
export const NUMERIC_FIELDS: ReadonlySet<DeviceField> = new Set(['battery_pct', 'temperature_c']);
export const DEFAULT_HIDDEN: readonly DeviceField[] = ['temperature_c', 'device_type'];

export interface DeviceFilters {
  position_category: string | null;
  movement: string | null;
  last_message_type: string | null;
}
export const NO_FILTERS: DeviceFilters = { position_category: null, movement: null, last_message_type: null };

export type SortDirection = 'asc' | 'desc';
export interface DeviceSort {
  field: DeviceField;
  direction: SortDirection;
}

/** A cell's value as the table sorts it: numbers and times as numbers, the rest as text; nothing sorts last. */
export function sortValue(device: TrackedDevice, field: DeviceField): number | string | null {
  switch (field) {
    case 'last_message_at':
      return device.last_message_at === null ? null : Date.parse(device.last_message_at);
    case 'battery_pct':
    case 'temperature_c':
      return device[field];
    case 'tags':
      return device.tags.join(', ') || null;
    case 'name':
    case 'last_message_type':
    case 'location_name':
    case 'position_category':
    case 'movement':
    case 'device_type':
      return device[field] ?? null;
  }
}

/**
 * The rows the table and the map show: the header search (id, name, place, tags, as shown), the filters, then
 * the sort. `texts` gives a row's shown texts (translated values), so the search finds what the user reads.
 */
export function deviceRows(
  devices: readonly TrackedDevice[],
  search: string,
  filters: DeviceFilters,
  sort: DeviceSort,
  texts: (device: TrackedDevice) => readonly (string | null)[] = (d) => [d.device_id, d.name, d.location_name, ...d.tags],
): TrackedDevice[] {
  const rows = devices.filter(
    (d) =>
      (filters.position_category === null || d.position_category === filters.position_category) &&
      (filters.movement === null || d.movement === filters.movement) &&
      (filters.last_message_type === null || d.last_message_type === filters.last_message_type) &&
      textsMatch(texts(d), search),
  );
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((d) => ({ d, v: sortValue(d, sort.field) }));
  keyed.sort((a, b) => {
    if (a.v === b.v) return a.d.device_id.localeCompare(b.d.device_id);
    if (a.v === null) return 1;
    if (b.v === null) return -1;
    const order = typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : String(a.v).localeCompare(String(b.v));
    return sign * order;
  });
  return keyed.map((k) => k.d);
}

/** A figure of the Devices summary, which filters the table when chosen: a place, a movement, silent or low battery. */
export type SummaryFigure = `position-${PositionCategory}` | `movement-${Movement}` | 'silent' | 'low-battery';

/**
 * The devices a summary figure counts, by the rules it counts them by (domain tracking/fleet-summary.ts), judged at
 * `nowMs`, the moment the list was read; none chosen keeps them all.
 */
export function devicesOfFigure(devices: readonly TrackedDevice[], figure: SummaryFigure | null, nowMs: number): readonly TrackedDevice[] {
  if (figure === null) return devices;
  if (figure === 'silent') return devices.filter((d) => isSilentTracker(d, nowMs));
  if (figure === 'low-battery') return devices.filter((d) => isLowBatteryTracker(d));
  if (figure.startsWith('position-')) return devices.filter((d) => `position-${d.position_category}` === figure);
  return devices.filter((d) => d.movement !== null && `movement-${d.movement}` === figure);
}
