import { z } from 'zod';
import { columnRowAt, columnRows, type Columns } from './columnar';
import { endpoint } from './endpoint';
import { assetsRoutes } from './routes/assets';
import { ApiErrorSchema, boundMessage } from './errors';
import { CONNECTION_TYPES, DEVICE_STATUSES, DEVICE_TYPES } from '@gridlens/domain/power/enumerations';
import { ISSUE_FLAG_NAMES } from '@gridlens/domain/power/issue-flags';
import { DEVICE_STATUS_CATEGORIES } from '@gridlens/domain/power/device-status';
import { BATTERY_STATUSES } from '@gridlens/domain/power/battery';
import { COMMUNICATION_STATES, MISSED_MESSAGE_LEVELS } from '@gridlens/domain/power/communication';
import { CAPACITY_STATES, IMBALANCE_STATES } from '@gridlens/domain/power/electrical';
import { POWER_CHANGE_STATES } from '@gridlens/domain/power/power-change';
import { COOLING_MODES } from '@gridlens/domain/thermal/thermal-parameters';

/** Spec §5: name fields hold fewer than 50 characters. */
export const NAME_MAX_LENGTH = 49;
const name = z.string().trim().min(1, 'This field is required').max(NAME_MAX_LENGTH, 'Must be less than 50 characters');
const optionalName = z.string().trim().max(NAME_MAX_LENGTH, 'Must be less than 50 characters').nullable();

/** The editable fields of a power-data device (spec §3). Ratings in kVA, voltage in V, location in WGS 84 degrees. */
export const PowerDeviceFieldsSchema = z.object({
  monitor_type: name,
  transformer_name: name,
  transformer_number: optionalName,
  rating_kva: z
    .number()
    .gt(0, boundMessage('below', 0, false))
    .max(100_000, boundMessage('above', 100_000, true)),
  asset_id: optionalName,
  device_status: z.enum(DEVICE_STATUSES),
  device_voltage_v: z
    .number()
    .int()
    .min(0, boundMessage('below', 0, true))
    .max(1_000_000, boundMessage('above', 1_000_000, true))
    .nullable(),
  installation_date: z.iso.date().nullable(),
  connected_mprns: z
    .number()
    .int()
    .min(0, boundMessage('below', 0, true))
    .max(100_000, boundMessage('above', 100_000, true)),
  commuter_area: z.boolean(),
  latitude: z
    .number()
    .min(-90, boundMessage('below', -90, true))
    .max(90, boundMessage('above', 90, true))
    .nullable(),
  longitude: z
    .number()
    .min(-180, boundMessage('below', -180, true))
    .max(180, boundMessage('above', 180, true))
    .nullable(),
  device_type: z.enum(DEVICE_TYPES).nullable(),
  connection_type: z.enum(CONNECTION_TYPES).nullable(),
  power_quality_enabled: z.boolean(),
  cooling: z
    .enum(COOLING_MODES)
    .nullable()
    .describe('Cooling mode (IEC 60076-7 Table 5), which picks the thermal parameters; null: not recorded, modelled as ONAN'),
});

/** POST /api/powerdata/device: registers a device (its id is what it sends in every message). */
export const CreatePowerDeviceSchema = PowerDeviceFieldsSchema.partial({
  monitor_type: true,
  transformer_number: true,
  asset_id: true,
  device_status: true,
  device_voltage_v: true,
  installation_date: true,
  connected_mprns: true,
  commuter_area: true,
  latitude: true,
  longitude: true,
  device_type: true,
  connection_type: true,
  power_quality_enabled: true,
  cooling: true,
})
  .extend({
    device_id: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only'),
  })
  .strict()
  .meta({ id: 'CreatePowerDevice' });
export type CreatePowerDevice = z.infer<typeof CreatePowerDeviceSchema>;

/** PUT /api/powerdata/device/{DeviceID}: any subset of the editable fields. */
export const UpdatePowerDeviceSchema = PowerDeviceFieldsSchema.partial().strict().meta({ id: 'UpdatePowerDevice' });
export type UpdatePowerDevice = z.infer<typeof UpdatePowerDeviceSchema>;

export const PowerDeviceSchema = PowerDeviceFieldsSchema.extend({ device_id: z.string() }).meta({ id: 'PowerDevice' });
export type PowerDevice = z.infer<typeof PowerDeviceSchema>;

export const AssetListQuerySchema = z.object({
  num_days: z.coerce.number().int().min(1).max(366).default(1).describe('Days of rollups to summarise; the web app loads 1'),
});

const nullableNumber = z.number().nullable();
const issueFlagShape = Object.fromEntries(ISSUE_FLAG_NAMES.map((flag) => [flag, z.boolean()])) as Record<
  (typeof ISSUE_FLAG_NAMES)[number],
  z.ZodBoolean
>;

/** One row of the assets list (GET /api/powerdata/device): registry fields, the period's figures and every issue flag. */
export const AssetListItemSchema = PowerDeviceSchema.extend({
  watchlisted: z.boolean(),
  battery_status: z.enum(BATTERY_STATUSES),
  battery_pct: nullableNumber,
  total_kva: nullableNumber.describe('Apparent power of the latest reading (median currents), kVA'),
  capacity_percent: nullableNumber.describe('Peak apparent power of the period over the rating'),
  capacity_state: z
    .enum(CAPACITY_STATES)
    .nullable()
    .describe('State of the peak capacity % (docs/decisions.md, capacity rule); null with no reading or no power'),
  utilisation_percent: nullableNumber.describe('Mean apparent power of the period over the rating'),
  imbalance_percent: nullableNumber.describe('Largest imbalance of the period, 100·(Imax−Imin)/Imax'),
  imbalance_state: z.enum(IMBALANCE_STATES).nullable(),
  phase_loading_percent: nullableNumber,
  Current0Max: nullableNumber,
  Current1Max: nullableNumber,
  Current2Max: nullableNumber,
  Current0Med: nullableNumber,
  Current1Med: nullableNumber,
  Current2Med: nullableNumber,
  temperature_max_c: nullableNumber,
  temperature_med_c: nullableNumber,
  last_message_at: z.string().nullable(),
  message_count: z.number().int(),
  missed_messages: z.number().int(),
  missed_message_level: z.enum(MISSED_MESSAGE_LEVELS),
  communication_state: z.enum(COMMUNICATION_STATES),
  power_change_state: z.enum(POWER_CHANGE_STATES).nullable(),
  status_category: z.enum(DEVICE_STATUS_CATEGORIES),
  ...issueFlagShape,
}).meta({ id: 'AssetListItem' });
export type AssetListItem = z.infer<typeof AssetListItemSchema>;

/** The fields of an assets-list row, in the order the columnar answer lists them. */
export const ASSET_LIST_FIELDS = Object.keys(AssetListItemSchema.shape) as (keyof AssetListItem)[];

/** Each field of AssetListItem as one array, index i of every array describing the same device. */
export type AssetListColumns = Columns<AssetListItem>;

/**
 * GET /api/powerdata/device: the assets list, columnar. With 10,000 devices, an array of objects repeated
 * every one of its 51 keys 10,000 times (13.4 MB); columns name each key once (3.5 MB), and numbers are
 * rounded to the two decimals the screens show. `assetListRows` turns it back into rows.
 */
/**
 * The window an answer's figures cover: whole days of the tenant's calendar (its time zone), the last one today
 * so far when `partial`. Screens state it, so that the same device in the same window reads the same everywhere.
 */
export const DayWindowSchema = z
  .object({
    from: z.string().describe('First instant (ISO 8601): midnight of from_day in time_zone'),
    to: z.string().describe('End of the window, excluded: now when partial, else midnight after to_day'),
    from_day: z.iso.date(),
    to_day: z.iso.date(),
    time_zone: z.string().describe("The tenant's IANA time zone, whose days these are"),
    partial: z.boolean().describe('The window holds today, so far'),
  })
  .meta({ id: 'DayWindow' });
export type DayWindow = z.infer<typeof DayWindowSchema>;

export const AssetListSchema = z
  .object({
    count: z.number().int().describe('Number of devices: the length of every column'),
    window: DayWindowSchema.optional().describe('The days the figures cover (the list and the power report give it)'),
    columns: z.object(
      Object.fromEntries(Object.entries(AssetListItemSchema.shape).map(([field, schema]) => [field, z.array(schema)])) as {
        [K in keyof typeof AssetListItemSchema.shape]: z.ZodArray<(typeof AssetListItemSchema.shape)[K]>;
      },
    ),
  })
  .meta({ id: 'AssetList' });
export type AssetList = z.infer<typeof AssetListSchema>;

/** Row `index` of a columnar assets list, for code that works on one device (the edit dialog, tests). */
export function assetListRowAt(columns: AssetListColumns, index: number): AssetListItem {
  return columnRowAt(columns, index);
}

/** Every row of a columnar assets list. */
export function assetListRows(list: AssetList): AssetListItem[] {
  return columnRows(list);
}

export const WatchlistChangeSchema = z
  .object({ device_id: z.string().min(1).max(64) })
  .strict()
  .meta({ id: 'WatchlistChange' });
export const WatchlistSchema = z.array(z.object({ device_id: z.string(), added_at: z.string() })).meta({ id: 'Watchlist' });

// ---------------------------------------------------------------------------------------------------------------
// Endpoints

const DeviceParamsSchema = z.object({ DeviceID: z.string().min(1).max(64) });

const tags = ['Power data'];

export const assetsApi = {
  list: endpoint(assetsRoutes.list, {
    tags,
    summary: 'The assets list, columnar: every device with its figures and issue flags over num_days',
    query: AssetListQuerySchema,
    responses: { 200: AssetListSchema },
  }),
  register: endpoint(assetsRoutes.register, {
    tags,
    summary: 'Registers a power-data device',
    body: CreatePowerDeviceSchema,
    responses: { 201: PowerDeviceSchema, 409: ApiErrorSchema },
  }),
  item: endpoint(assetsRoutes.item, {
    tags,
    summary: 'One device as the assets list shows it over num_days (the asset detail header); 404 for an unknown device',
    params: DeviceParamsSchema,
    query: AssetListQuerySchema,
    responses: { 200: AssetListItemSchema },
  }),
  update: endpoint(assetsRoutes.update, {
    tags,
    summary: "Edits a device's details",
    params: DeviceParamsSchema,
    body: UpdatePowerDeviceSchema,
    responses: { 200: PowerDeviceSchema },
  }),
  watchlist: endpoint(assetsRoutes.watchlist, {
    tags: ['Watchlist'],
    summary: "The caller's watched devices",
    responses: { 200: WatchlistSchema },
  }),
  watch: endpoint(assetsRoutes.watch, {
    tags: ['Watchlist'],
    summary: 'Adds a device to the caller’s watchlist',
    body: WatchlistChangeSchema,
    responses: { 201: WatchlistSchema },
  }),
  unwatch: endpoint(assetsRoutes.unwatch, {
    tags: ['Watchlist'],
    summary: 'Removes a device from the caller’s watchlist',
    body: WatchlistChangeSchema,
    responses: { 200: WatchlistSchema },
  }),
};
