import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@gridlens/domain/language';
import {
  DAY_OF_MONTH_MAX,
  isDailyReport,
  isLocalTime,
  REPORT_FORMATS,
  REPORT_KINDS,
  SCHEDULE_FREQUENCIES,
  scheduleTimingProblems,
  type ScheduleProblem,
} from '@gridlens/domain/reports/schedules';
import { isValidTimeZone } from '@gridlens/domain/time-zone';
import { DoneSchema, endpoint, type RawAnswer } from './endpoint';
import { RecipientBodySchema } from './alerts';
import { reportSchedulesRoutes as routes } from './routes/report-schedules';

const tags = ['Reports'];
const REQUIRED = 'This field is required';

const TIMING_MESSAGES: Record<ScheduleProblem['field'], Partial<Record<ScheduleProblem['problem'], string>>> = {
  day_of_week: {
    required: REQUIRED,
    'out-of-range': 'Number has to be between 1 and 7',
    'not-allowed': 'Only a weekly schedule takes a day of the week',
  },
  day_of_month: {
    required: REQUIRED,
    'out-of-range': `Number has to be between 1 and ${DAY_OF_MONTH_MAX}`,
    'not-allowed': 'Only a monthly schedule takes a day of the month',
  },
  local_time: { invalid: 'A time is written HH:MM, from 00:00 to 23:59' },
  time_zone: { invalid: 'Unknown time zone' },
};

/** A customer (tracking: one customer's sites only); none for the whole fleet. */
const customerId = z.string().trim().min(1).max(64).nullable().default(null);

/** A report schedule as the user writes it (spec §3 Report schedule). POST creates one; PUT replaces one whole. */
export const ReportScheduleBodySchema = z
  .object({
    report: z.enum(REPORT_KINDS).describe('fleet and kpi for tracking tenants, power for power-data tenants'),
    frequency: z.enum(SCHEDULE_FREQUENCIES),
    day_of_week: z.number().int().nullable().default(null).describe('Weekly: 1 (Monday) to 7 (Sunday)'),
    day_of_month: z.number().int().nullable().default(null).describe(`Monthly: 1 to ${DAY_OF_MONTH_MAX}, a day every month has`),
    local_time: z.string().refine(isLocalTime, TIMING_MESSAGES.local_time.invalid).describe('HH:MM, 24-hour clock, in time_zone'),
    time_zone: z.string().trim().min(1).max(64).nullable().default(null).describe("IANA time zone; null: the tenant's"),
    language: z.enum(LANGUAGES),
    formats: z
      .array(z.enum(REPORT_FORMATS))
      .min(1, 'Choose at least one format')
      .refine((formats) => new Set(formats).size === formats.length, 'Each format once'),
    customer_id: customerId,
    only_when_attention: z
      .boolean()
      .default(false)
      .describe('Send only when something needs attention (assets held too long, silent trackers, transformers over limit)'),
  })
  .strict()
  .superRefine((body, context) => {
    const problems = scheduleTimingProblems({ ...body, time_zone: body.time_zone ?? 'UTC' });
    for (const { field, problem } of problems) {
      // The time's shape is checked on the field itself; a zone left null is the tenant's, always valid.
      if (field === 'local_time') continue;
      context.addIssue({ code: 'custom', path: [field], message: TIMING_MESSAGES[field][problem] ?? 'Invalid value' });
    }
    if (body.time_zone !== null && !isValidTimeZone(body.time_zone) && !problems.some((p) => p.field === 'time_zone'))
      context.addIssue({ code: 'custom', path: ['time_zone'], message: 'Unknown time zone' });
  })
  .meta({ id: 'ReportScheduleBody' });
export type ReportScheduleBody = z.input<typeof ReportScheduleBodySchema>;

export const RUN_STATUSES = ['pending', 'sent', 'skipped', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/**
 * Why a run was skipped or failed, or why it went without its PDF: a code the screen words in the user's language;
 * `reason` beside it holds the detail (the mail server's answer, the browser's error) as the server saw it.
 */
export const RUN_REASONS = [
  'nothing_needs_attention',
  'no_recipients',
  'mail_failed',
  'mail_not_configured',
  'report_failed',
  'schedule_changed',
] as const;
export type RunReason = (typeof RUN_REASONS)[number];

/** One delivery of a schedule (written by the delivery runner): when it was due, when sent, to whom, how it went. */
export const ReportRunSchema = z
  .object({
    id: z.uuid(),
    due_at: z.string(),
    status: z.enum(RUN_STATUSES),
    sent_at: z.string().nullable(),
    recipient_count: z.number().int(),
    recipients: z.array(z.string()).describe('The addresses it was sent to (the tenant’s own recipients)'),
    formats: z.array(z.enum(REPORT_FORMATS)),
    attempts: z.number().int().describe('Sending attempts so far'),
    next_attempt_at: z.string().nullable().describe('When a pending run is tried (again)'),
    reason_code: z.enum(RUN_REASONS).nullable(),
    reason: z.string().nullable().describe('Why it failed or was skipped, as the server saw it'),
    pdf_missing: z.string().nullable().describe('Why the PDF did not go with the spreadsheets, when it did not'),
    link: z.string().describe('The report of this run in the portal (a report-style route)'),
  })
  .meta({ id: 'ReportRun' });
export type ReportRun = z.infer<typeof ReportRunSchema>;

export const ReportScheduleSchema = z
  .object({
    id: z.uuid(),
    report: z.enum(REPORT_KINDS),
    frequency: z.enum(SCHEDULE_FREQUENCIES),
    day_of_week: z.number().int().nullable(),
    day_of_month: z.number().int().nullable(),
    local_time: z.string(),
    time_zone: z.string(),
    language: z.enum(LANGUAGES),
    formats: z.array(z.enum(REPORT_FORMATS)),
    customer_id: z.string().nullable(),
    only_when_attention: z.boolean(),
    next_due_at: z.string().describe('The next time it is due, in UTC'),
    recipient_count: z.number().int(),
    consecutive_failures: z
      .number()
      .int()
      .describe('Runs failed in a row (0 after a run that went); at 3 the owner is told by email and on the screen'),
    created_by: z.string().nullable(),
    created_at: z.string(),
    updated_by: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'ReportSchedule' });
export type ReportSchedule = z.infer<typeof ReportScheduleSchema>;

export const ReportScheduleDetailSchema = ReportScheduleSchema.extend({
  runs: z.array(ReportRunSchema).describe('The latest deliveries, newest first'),
}).meta({ id: 'ReportScheduleDetail' });
export type ReportScheduleDetail = z.infer<typeof ReportScheduleDetailSchema>;

export const ReportRecipientSchema = z
  .object({ recipient_id: z.uuid(), schedule_id: z.uuid(), name: z.string(), email: z.string(), nickname: z.string().nullable() })
  .meta({ id: 'ReportRecipient' });
export type ReportRecipient = z.infer<typeof ReportRecipientSchema>;

const day = z.iso.date('A date is written YYYY-MM-DD');

/** POST /api/report: a report of a week (fleet, KPI; any day of it names it) or of a day (power), stored now. */
export const AddReportBodySchema = z
  .object({
    kind: z.enum(REPORT_KINDS),
    week: day.nullable().default(null).describe('Fleet and KPI: a day of the ISO week, in the tenant’s calendar'),
    day: day.nullable().default(null).describe('Power: the day of the tenant’s calendar'),
    customer_id: customerId,
  })
  .strict()
  .superRefine((body, context) => {
    const [needed, other] = isDailyReport(body.kind) ? (['day', 'week'] as const) : (['week', 'day'] as const);
    if (body[needed] === null) context.addIssue({ code: 'custom', path: [needed], message: REQUIRED });
    if (body[other] !== null) context.addIssue({ code: 'custom', path: [other], message: `A ${body.kind} report takes a ${needed}` });
  })
  .meta({ id: 'AddReportBody' });
export type AddReportBody = z.input<typeof AddReportBodySchema>;

export const StoredReportSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(REPORT_KINDS),
    week: z.string().nullable().describe('Monday of the ISO week (fleet, KPI)'),
    day: z.string().nullable().describe('The day (power)'),
    customer_id: z.string().nullable(),
    created_by: z.string().nullable(),
    created_at: z.string(),
    updated_by: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'StoredReport' });
export type StoredReport = z.infer<typeof StoredReportSchema>;

export const StoredReportsPageSchema = z
  .object({ items: z.array(StoredReportSchema), page: z.number().int(), per_page: z.number().int(), total: z.number().int() })
  .meta({ id: 'StoredReportsPage' });
export type StoredReportsPage = z.infer<typeof StoredReportsPageSchema>;

const IdParamsSchema = z.object({ id: z.uuid() });

/**
 * The media type of each file a stored report downloads as. CSV holds one table: a report of one sheet (the KPI
 * report) is that CSV, a report of several a ZIP of one CSV per sheet, named as the email's attachments.
 */
export const REPORT_FILE_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  zip: 'application/zip',
} as const;

/** Raw bytes (a Buffer on the server); documented in OpenAPI as a binary string. */
const FileBytesSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array).meta({ type: 'string', format: 'binary' });

/** The bytes of GET /api/report/file/{id}/{format}, per media type, for the OpenAPI document. */
const ReportFileResponse: RawAnswer = {
  description: 'The file, with Content-Disposition: attachment and its name (the report, its period and, for a CSV, its sheet)',
  content: Object.fromEntries(Object.values(REPORT_FILE_TYPES).map((type) => [type, { schema: FileBytesSchema }])),
};

export const ReportFileParamsSchema = z.object({
  id: z.uuid(),
  format: z.enum(REPORT_FORMATS).describe('pdf, xlsx, or csv (a ZIP of one CSV per sheet when the report has several)'),
});
export const ReportFileQuerySchema = z.object({
  language: z
    .enum(LANGUAGES)
    .default(DEFAULT_LANGUAGE)
    .describe('The language of the file’s words and separators (the portal’s language, not the browser’s); EN by default'),
});

/** Failed or skipped runs can be sent again; a run sent or still pending cannot. */
export const canSendAgain = (status: RunStatus): boolean => status === 'failed' || status === 'skipped';

export const reportSchedulesApi = {
  reports: endpoint(routes.reports, {
    tags,
    summary: 'The stored reports, newest week (or day) first, a page at a time (page 1 of 24: the first 24)',
    params: z.object({ page: z.coerce.number().int().min(1), per_page: z.coerce.number().int().min(1).max(100) }),
    responses: { 200: StoredReportsPageSchema },
  }),
  addReport: endpoint(routes.addReport, {
    tags,
    summary: 'Produces and stores a report of a week or a day now; the same report again is produced anew',
    body: AddReportBodySchema,
    responses: { 201: StoredReportSchema },
  }),
  reportFile: endpoint(routes.reportFile, {
    tags,
    summary: 'Downloads a stored report as PDF, XLSX or CSV, in a language',
    description:
      'The report of the stored period, made now from its data as its page shows it (the PDF is that page printed). ' +
      'Another tenant’s report answers 404; 503 when this server cannot print a PDF (no browser, or the page did ' +
      'not print in time), while XLSX and CSV still download.',
    params: ReportFileParamsSchema,
    query: ReportFileQuerySchema,
    responses: { 200: ReportFileResponse },
  }),
  schedules: endpoint(routes.schedules, {
    tags,
    summary: "The tenant's report schedules with their next due time",
    responses: { 200: z.array(ReportScheduleSchema) },
  }),
  createSchedule: endpoint(routes.createSchedule, {
    tags,
    summary: 'Creates a report schedule',
    body: ReportScheduleBodySchema,
    responses: { 201: ReportScheduleSchema },
  }),
  schedule: endpoint(routes.schedule, {
    tags,
    summary: 'One schedule with its latest deliveries',
    params: IdParamsSchema,
    responses: { 200: ReportScheduleDetailSchema },
  }),
  updateSchedule: endpoint(routes.updateSchedule, {
    tags,
    summary: 'Replaces a schedule',
    params: IdParamsSchema,
    body: ReportScheduleBodySchema,
    responses: { 200: ReportScheduleSchema },
  }),
  removeSchedule: endpoint(routes.removeSchedule, {
    tags,
    summary: 'Deletes a schedule with its recipients and delivery history',
    params: IdParamsSchema,
    responses: { 200: DoneSchema },
  }),
  sendNow: endpoint(routes.sendNow, {
    tags,
    summary: 'Sends the schedule’s report now, to its recipients as they are (a run due now, beside the scheduled ones)',
    params: IdParamsSchema,
    responses: { 201: ReportRunSchema },
  }),
  sendRunAgain: endpoint(routes.sendRunAgain, {
    tags,
    summary: 'Sends a failed or skipped delivery again, to the schedule’s recipients as they are now (409 for one sent or pending)',
    params: z.object({ id: z.uuid(), run_id: z.uuid() }),
    responses: { 200: ReportRunSchema },
  }),
  recipients: endpoint(routes.recipients, {
    tags,
    summary: "A schedule's recipients",
    params: IdParamsSchema,
    responses: { 200: z.array(ReportRecipientSchema) },
  }),
  addRecipient: endpoint(routes.addRecipient, {
    tags,
    summary: 'Adds a recipient to a schedule (name, email, nickname as for alerts)',
    params: IdParamsSchema,
    body: RecipientBodySchema,
    responses: { 201: ReportRecipientSchema },
  }),
  removeRecipient: endpoint(routes.removeRecipient, {
    tags,
    summary: 'Removes a recipient from a schedule',
    params: z.object({ report_id: z.uuid(), recipient_id: z.uuid() }),
    responses: { 200: DoneSchema },
  }),
};
