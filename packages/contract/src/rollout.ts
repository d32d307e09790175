import { z } from 'zod';
import { DEVICE_STATUSES, INSTALLATION_STATUSES } from '@gridlens/domain/power/enumerations';
import { NAME_MAX, NOTES_MAX, PLAN_STATES, SITE_ID_MAX, SITE_STATES, WEEKLY_TARGET_MAX } from '@gridlens/domain/rollout/plan';
import { IMPORT_PROBLEM_CODES } from '@gridlens/domain/rollout/import';
import { STATUS_EVENTS } from '@gridlens/domain/rollout/status';
import { ApiErrorSchema } from './errors';
import { keyedObject } from './keyed-object';
import { DoneSchema, endpoint, type RawAnswer } from './endpoint';
import { ROLLOUT_IMPORT_CONTENT_TYPES, rolloutRoutes as routes } from './routes/rollout';

/*
 * The rollout dashboard's API (issue 30). Reads are open to every signed-in user of a power-data tenant but the
 * Installer; writes (sites, planner groups, abort reasons, a device's status, imports) to the tenant's
 * administrators (role Admin) only, 403 otherwise. Another tenant's site, group or device answers 404; a tracking
 * tenant gets 404 on every path. Decisions in docs/decisions.md "The rollout dashboard".
 */

const tags = ['Rollout'];
const REQUIRED = 'This field is required';
const NAME_TOO_LONG = `Name is too long (maximum is ${NAME_MAX} characters)`;

const name = z.string().trim().min(1, REQUIRED).max(NAME_MAX, NAME_TOO_LONG);
const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);
/** Monday of an ISO week, in the tenant's calendar. */
const monday = z.iso.date('A date is written YYYY-MM-DD').describe('Monday of the planned ISO week (any day of it is taken as its week)');

// ---------------------------------------------------------------------------------------------------------------
// Planner groups

export const PlannerGroupBodySchema = z
  .object({
    name,
    region: optionalText(NAME_MAX),
    contact: optionalText(120).describe('A person, a phone number or an email: whom to call about the group'),
    weekly_target: z
      .number()
      .int('Number has to be a whole number')
      .min(0, 'Value should be at least 0')
      .max(WEEKLY_TARGET_MAX, `Value should be at most ${WEEKLY_TARGET_MAX}`)
      .describe('Installations a week the group is planned to make'),
  })
  .strict()
  .meta({ id: 'PlannerGroupBody' });
export type PlannerGroupBody = z.input<typeof PlannerGroupBodySchema>;

export const PlannerGroupSchema = z
  .object({
    group_id: z.uuid(),
    name: z.string(),
    region: z.string().nullable(),
    contact: z.string().nullable(),
    weekly_target: z.number().int(),
    updated_by: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'PlannerGroup' });
export type PlannerGroup = z.infer<typeof PlannerGroupSchema>;

/** A planner group with its figures (the dashboard's planner-group table). */
export const PlannerGroupRowSchema = PlannerGroupSchema.extend({
  sites: z.number().int().describe('Sites of the group, whatever their state'),
  planned_to_date: z.number().int().describe('Sites planned for weeks up to and including the current week'),
  installed: z.number().int(),
  aborted: z.number().int(),
  first_time_success_rate: z
    .number()
    .nullable()
    .describe('Of the sites attempted (installed or aborted), the share installed at the first visit, 0 to 1; null when none was'),
  ahead_by: z.number().int().describe('installed − planned_to_date: negative when behind plan'),
  plan_state: z.enum(PLAN_STATES),
  silent: z.number().int().describe('Devices of the group installed but silent (the queue)'),
}).meta({ id: 'PlannerGroupRow' });
export type PlannerGroupRow = z.infer<typeof PlannerGroupRowSchema>;

export const GroupIdParamsSchema = z.object({ group_id: z.string().min(1).max(100) });

// ---------------------------------------------------------------------------------------------------------------
// Sites

export const SiteBodySchema = z
  .object({
    site_id: z
      .string()
      .trim()
      .min(1, REQUIRED)
      .max(SITE_ID_MAX, `Site id is too long (maximum is ${SITE_ID_MAX} characters)`)
      .regex(/^[\w.\-/ ]+$/, 'Letters, digits, spaces and . - / _ only')
      .describe('The tenant’s own id of the place: a transformer number or a substation code'),
    name,
    latitude: z.number().min(-90, 'Value should be at least -90').max(90, 'Value should be at most 90').nullable().default(null),
    longitude: z.number().min(-180, 'Value should be at least -180').max(180, 'Value should be at most 180').nullable().default(null),
    group_id: z.uuid().nullable().default(null).describe('Its planner group; null: not yet given to one'),
    planned_week: monday.nullable().default(null),
    notes: optionalText(NOTES_MAX),
    device_id: z.string().trim().min(1).max(100).nullable().default(null).describe('The monitor fitted (or to be fitted) there'),
  })
  .strict()
  .meta({ id: 'SiteBody' });
export type SiteBody = z.input<typeof SiteBodySchema>;

/** PUT replaces the site whole but its id. */
export const SiteUpdateBodySchema = SiteBodySchema.omit({ site_id: true }).meta({ id: 'SiteUpdateBody' });
export type SiteUpdateBody = z.input<typeof SiteUpdateBodySchema>;

export const SiteSchema = z
  .object({
    site_id: z.string(),
    name: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    group_id: z.uuid().nullable(),
    group_name: z.string().nullable(),
    planned_week: z.string().nullable().describe('Monday of the planned ISO week'),
    notes: z.string().nullable(),
    state: z.enum(SITE_STATES),
    installation_status: z.enum(INSTALLATION_STATUSES),
    device_id: z.string().nullable(),
    device_status: z.enum(DEVICE_STATUSES).nullable(),
    installed_at: z.string().nullable().describe('When its device was fitted (the passed device test, or its first message)'),
    attempts: z.number().int().describe('Visits so far: aborted ones, and the one that installed it'),
    abort_reason: z.string().nullable().describe('The last abort’s reason code (a built-in code or one of the tenant’s)'),
    aborted_at: z.string().nullable(),
    updated_by: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'Site' });
export type Site = z.infer<typeof SiteSchema>;

export const SiteIdParamsSchema = z.object({ site_id: z.string().min(1).max(SITE_ID_MAX) });

export const SitesQuerySchema = z.object({
  group_id: z.uuid().optional(),
  state: z.enum(SITE_STATES).optional(),
});

export const AbortBodySchema = z
  .object({
    reason: z.string().trim().min(1, REQUIRED).max(64).describe('An abort reason code (one of the abort reasons listed)'),
    note: optionalText(NOTES_MAX),
  })
  .strict()
  .meta({ id: 'AbortBody' });
export type AbortBody = z.input<typeof AbortBodySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Devices and their history

export const StatusChangeSchema = z
  .object({
    at: z.string(),
    from: z.enum(DEVICE_STATUSES).nullable().describe('null for the first entry'),
    to: z.enum(DEVICE_STATUSES),
    event: z.enum(STATUS_EVENTS).describe('What changed it'),
    detail: z.string().nullable().describe('The operator’s note, the abort reason, the import’s file, the test’s result'),
    by: z.string().nullable().describe('The user, or the job (ingest, silence check) that changed it'),
  })
  .meta({ id: 'StatusChange' });
export type StatusChange = z.infer<typeof StatusChangeSchema>;

export const DeviceTestSummarySchema = z.object({ at: z.string(), passed: z.boolean() }).meta({ id: 'DeviceTestSummary' });

export const RolloutDeviceSchema = z
  .object({
    device_id: z.string(),
    name: z.string().describe('The transformer’s name'),
    device_status: z.enum(DEVICE_STATUSES),
    installation_status: z.enum(INSTALLATION_STATUSES),
    status_since: z.string().nullable().describe('When it took its status (its last history entry)'),
    site_id: z.string().nullable(),
    site_name: z.string().nullable(),
    group_id: z.uuid().nullable(),
    group_name: z.string().nullable(),
    last_message_at: z.string().nullable(),
    last_test: DeviceTestSummarySchema.nullable().describe('The installer’s latest device test'),
  })
  .meta({ id: 'RolloutDevice' });
export type RolloutDevice = z.infer<typeof RolloutDeviceSchema>;

export const DeviceIdParamsSchema = z.object({ device_id: z.string().min(1).max(100) });

export const SetStatusBodySchema = z
  .object({ status: z.enum(DEVICE_STATUSES), note: z.string().trim().min(1, REQUIRED).max(NOTES_MAX) })
  .strict()
  .meta({ id: 'SetStatusBody' });
export type SetStatusBody = z.input<typeof SetStatusBodySchema>;

/** A device of the installed-but-silent queue: fitted, and never or no longer heard from. Oldest first. */
export const SilentDeviceSchema = RolloutDeviceSchema.extend({
  silent_since: z.string().describe('Its fitting when never heard from, else its last message'),
}).meta({ id: 'SilentDevice' });
export type SilentDevice = z.infer<typeof SilentDeviceSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The dashboard's figures

const weekSeries = z.array(z.number().int()).describe('One value per week of `weeks`, cumulative');

export const RolloutSummarySchema = z
  .object({
    totals: z.object({
      sites: z.number().int(),
      devices: z.number().int(),
      installed: z.number().int().describe('Sites with a device fitted'),
      active: z.number().int().describe('Devices Active'),
      aborted: z.number().int().describe('Sites whose last visit was aborted'),
      silent: z.number().int().describe('Devices installed but silent'),
    }),
    devices_by_status: keyedObject(DEVICE_STATUSES, z.number().int()),
    sites_by_state: keyedObject(SITE_STATES, z.number().int()),
    sites_by_installation_status: keyedObject(INSTALLATION_STATUSES, z.number().int()),
    burn_up: z.object({
      weeks: z.array(z.string()).describe('Mondays, from the first planned or installed week to the last planned one'),
      current_week: z.string().describe('Monday of this week in the tenant’s calendar: under way'),
      planned: weekSeries,
      installed: weekSeries,
      groups: z.array(z.object({ group_id: z.uuid(), name: z.string(), planned: weekSeries, installed: weekSeries })),
    }),
    time_zone: z.string(),
  })
  .meta({ id: 'RolloutSummary' });
export type RolloutSummary = z.infer<typeof RolloutSummarySchema>;

export const SummaryQuerySchema = z.object({ group_id: z.uuid().optional().describe('One planner group’s figures only') });

// ---------------------------------------------------------------------------------------------------------------
// Abort reasons

export const AbortReasonSchema = z
  .object({
    code: z.string(),
    label: z.string().nullable().describe('The tenant’s own wording; null for a built-in reason (worded by the screen)'),
    built_in: z.boolean(),
  })
  .meta({ id: 'AbortReason' });
export type AbortReason = z.infer<typeof AbortReasonSchema>;

export const AbortReasonBodySchema = z.object({ label: name }).strict().meta({ id: 'AbortReasonBody' });

// ---------------------------------------------------------------------------------------------------------------
// Import and export

export const PLAN_KINDS = ['sites', 'groups'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];
export const PLAN_FORMATS = ['csv', 'xlsx'] as const;

export const ImportParamsSchema = z.object({ kind: z.enum(PLAN_KINDS) });
const BinarySchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'The body is the file itself' });
export const ImportBodySchema = BinarySchema.meta({
  type: 'string',
  format: 'binary',
  description: `The file itself (${ROLLOUT_IMPORT_CONTENT_TYPES.join(' or ')}), with the export's columns in its first row`,
});

/** One refused row of an import: the file's row number (1 is the header), the column, why. */
export const RefusedRowSchema = z
  .object({
    row: z.number().int(),
    column: z.string().nullable(),
    code: z.enum(IMPORT_PROBLEM_CODES).describe('Why, as a code a client can say in its own words'),
    values: z.record(z.string(), z.union([z.string(), z.number()])).describe('What the reason names: a limit, an id, the columns'),
    message: z.string().describe('Why, in English'),
  })
  .meta({ id: 'RefusedRow' });
export type RefusedRow = z.infer<typeof RefusedRowSchema>;

/**
 * An import's answer. All or nothing: a file with any refused row stores nothing and answers 400 with every refused
 * row (ImportRefusedSchema); otherwise every row is stored (added, or replacing the row of the same id) and 200.
 */
export const ImportReportSchema = z
  .object({ kind: z.enum(PLAN_KINDS), rows: z.number().int(), added: z.number().int(), updated: z.number().int() })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.infer<typeof ImportReportSchema>;

export const ImportRefusedSchema = ApiErrorSchema.extend({ refused: z.array(RefusedRowSchema) }).meta({ id: 'ImportRefused' });
export type ImportRefused = z.infer<typeof ImportRefusedSchema>;

export const ExportParamsSchema = z.object({ kind: z.enum(PLAN_KINDS), format: z.enum(PLAN_FORMATS) });
const FileBytesSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array).meta({ type: 'string', format: 'binary' });
const ExportResponse: RawAnswer = {
  description: 'The plan in the import’s columns, with Content-Disposition: attachment',
  content: Object.fromEntries(ROLLOUT_IMPORT_CONTENT_TYPES.map((type) => [type, { schema: FileBytesSchema }])),
};

// ---------------------------------------------------------------------------------------------------------------

export const rolloutApi = {
  summary: endpoint(routes.summary, {
    tags,
    summary: 'The dashboard’s figures: totals, devices by status, sites by state, the burn-up of planned against installed',
    query: SummaryQuerySchema,
    responses: { 200: RolloutSummarySchema },
  }),
  silent: endpoint(routes.silent, {
    tags,
    summary: 'The installed-but-silent queue: devices fitted but never or no longer heard from, oldest first',
    responses: { 200: z.array(SilentDeviceSchema) },
  }),
  groups: endpoint(routes.groups, {
    tags,
    summary: 'The planner groups with their figures against plan',
    responses: { 200: z.array(PlannerGroupRowSchema) },
  }),
  createGroup: endpoint(routes.createGroup, {
    tags,
    summary: 'Adds a planner group (administrators)',
    body: PlannerGroupBodySchema,
    responses: { 201: PlannerGroupSchema, 409: ApiErrorSchema },
  }),
  updateGroup: endpoint(routes.updateGroup, {
    tags,
    summary: 'Replaces a planner group (administrators)',
    params: GroupIdParamsSchema,
    body: PlannerGroupBodySchema,
    responses: { 200: PlannerGroupSchema, 409: ApiErrorSchema },
  }),
  removeGroup: endpoint(routes.removeGroup, {
    tags,
    summary: 'Deletes a planner group without sites (administrators); 409 while sites are given to it',
    params: GroupIdParamsSchema,
    responses: { 200: DoneSchema, 409: ApiErrorSchema },
  }),
  sites: endpoint(routes.sites, {
    tags,
    summary: 'The sites of the plan, with their state and device',
    query: SitesQuerySchema,
    responses: { 200: z.array(SiteSchema) },
  }),
  site: endpoint(routes.site, {
    tags,
    summary: 'One site',
    params: SiteIdParamsSchema,
    responses: { 200: SiteSchema },
  }),
  createSite: endpoint(routes.createSite, {
    tags,
    summary: 'Adds a site (administrators); 409 when its id is taken',
    body: SiteBodySchema,
    responses: { 201: SiteSchema, 409: ApiErrorSchema },
  }),
  updateSite: endpoint(routes.updateSite, {
    tags,
    summary: 'Replaces a site but its id (administrators)',
    params: SiteIdParamsSchema,
    body: SiteUpdateBodySchema,
    responses: { 200: SiteSchema, 409: ApiErrorSchema },
  }),
  removeSite: endpoint(routes.removeSite, {
    tags,
    summary: 'Deletes a site (administrators); its device stays in the registry',
    params: SiteIdParamsSchema,
    responses: { 200: DoneSchema },
  }),
  abortSite: endpoint(routes.abortSite, {
    tags,
    summary: 'Records an aborted installation at a site, with its reason (administrators)',
    params: SiteIdParamsSchema,
    body: AbortBodySchema,
    responses: { 200: SiteSchema },
  }),
  devices: endpoint(routes.devices, {
    tags,
    summary: 'The monitors with their device and installation status, site and planner group',
    responses: { 200: z.array(RolloutDeviceSchema) },
  }),
  deviceHistory: endpoint(routes.deviceHistory, {
    tags,
    summary: 'A device’s dated status history, newest first, each change with what made it',
    params: DeviceIdParamsSchema,
    responses: { 200: z.array(StatusChangeSchema) },
  }),
  setDeviceStatus: endpoint(routes.setDeviceStatus, {
    tags,
    summary: 'Sets a device’s status by hand, with a note (administrators)',
    params: DeviceIdParamsSchema,
    body: SetStatusBodySchema,
    responses: { 200: RolloutDeviceSchema },
  }),
  abortReasons: endpoint(routes.abortReasons, {
    tags,
    summary: 'The abort reasons: the built-in ones and the tenant’s own',
    responses: { 200: z.array(AbortReasonSchema) },
  }),
  addAbortReason: endpoint(routes.addAbortReason, {
    tags,
    summary: 'Adds an abort reason of the tenant’s own (administrators)',
    body: AbortReasonBodySchema,
    responses: { 201: AbortReasonSchema, 409: ApiErrorSchema },
  }),
  importPlan: endpoint(routes.importPlan, {
    tags,
    summary: 'Imports sites or planner groups from CSV or XLSX (administrators): all rows, or none with every refused row',
    params: ImportParamsSchema,
    body: ImportBodySchema,
    responses: { 200: ImportReportSchema, 400: ImportRefusedSchema, 413: ApiErrorSchema, 415: ApiErrorSchema },
  }),
  exportPlan: endpoint(routes.exportPlan, {
    tags,
    summary: 'Exports the sites or the planner groups in the import’s columns, as CSV or XLSX',
    params: ExportParamsSchema,
    responses: { 200: ExportResponse },
  }),
};
