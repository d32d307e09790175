import { z } from 'zod';
import { endpoint } from './endpoint';
import { INGEST_BATCH_MAX, ingestRoutes } from './routes/ingest';
import { ApiErrorSchema } from './errors';
import { DeviceIdParamsSchema } from './params';
import { PQ_EVENT_TYPES } from '@gridlens/domain/power/enumerations';
import { POSITION_MESSAGE_TYPES, TRACKER_MESSAGE_TYPES } from '@gridlens/domain/tracking/enumerations';

export { INGEST_BATCH_MAX } from './routes/ingest';
/** Sequence numbers are unsigned 32-bit counters per device and message kind. A jump (a reset) counts as at most a day of missed messages: missedMessagesOfDay in the domain. */
export const SEQUENCE_MAX = 4_294_967_295;
/** The most current a distribution-transformer monitor's clamps report; larger is a fault, not a reading. */
export const CURRENT_MAX_A = 10_000;

const phaseCurrents = z.tuple([
  z.number().min(0).max(CURRENT_MAX_A),
  z.number().min(0).max(CURRENT_MAX_A),
  z.number().min(0).max(CURRENT_MAX_A),
]);
const temperatureC = z.number().min(-273).max(1000).nullable();
/** A tracker's fix is never further off than this (a cell-tower fix can be kilometres off; more is no fix). */
export const TRACKER_ACCURACY_MAX_M = 50_000;
/** A tracker's own thermometer: the range its sensor is rated for. */
const trackerTemperatureC = z.number().min(-60).max(100).nullable().optional().describe("The tracker's temperature, °C");

const messageBase = {
  device_id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only'),
  seq: z.number().int().min(0).max(SEQUENCE_MAX),
  time: z.iso.datetime({ offset: true }).describe('When the device measured, ISO 8601'),
};

/** The periodic transformer-monitor reading (about every 15 minutes). Temperatures in °C, currents in A. */
export const TransformerReadingSchema = z.object({
  kind: z.literal('transformer'),
  ...messageBase,
  current_max_a: phaseCurrents.describe('Maximum current of phases L1, L2, L3 over the interval'),
  current_med_a: phaseCurrents.describe('Median current of phases L1, L2, L3 over the interval'),
  temperature_max_c: temperatureC,
  temperature_med_c: temperatureC,
  battery_pct: z.number().min(0).max(100).nullable().optional(),
  lqi: z.number().int().min(0).max(255).nullable().optional().describe('Link quality indicator'),
});

/** A power-quality event; LOSS_OF_MAINS is a fault, the others are events. Priority 1 (highest) to 4. */
export const PowerQualityEventSchema = z.object({
  kind: z.literal('pq_event'),
  ...messageBase,
  event_type: z.enum(PQ_EVENT_TYPES),
  priority: z.number().int().min(1).max(4),
  phase: z.number().int().min(1).max(3).nullable().optional(),
  duration_ms: z.number().int().min(0).max(31_536_000_000).nullable().optional(),
  magnitude: z.number().nullable().optional().describe('Residual voltage (V) for dips, peak (V) for swells, Pst for flicker'),
});

/** A dissolved-hydrogen sensor reading; status and operation codes as in spec §4. */
export const HydrogenReadingSchema = z.object({
  kind: z.literal('hydrogen'),
  ...messageBase,
  h2_ppm: z.number().min(0).max(100_000).nullable(),
  oil_temperature_c: temperatureC,
  status: z.number().int().min(0).max(3),
  operation: z.number().int().min(0).max(4),
});

/** A metering reading of the transformer's LV side: cumulative energy and instantaneous voltages. */
export const MeteringReadingSchema = z.object({
  kind: z.literal('metering'),
  ...messageBase,
  import_kwh: z.number().min(0),
  export_kwh: z.number().min(0),
  voltage_v: z
    .tuple([z.number().min(0).max(1000), z.number().min(0).max(1000), z.number().min(0).max(1000)])
    .nullable()
    .optional(),
  power_factor: z.number().min(-1).max(1).nullable().optional(),
});

/** A tracked device's position (tracking mode): where it was, how it was located, and its battery. */
export const PositionMessageSchema = z.object({
  kind: z.literal('position'),
  ...messageBase,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  message_type: z.enum(POSITION_MESSAGE_TYPES).default('gps').describe('How the position was found (spec §4 last-message types)'),
  battery_pct: z.number().min(0).max(100).nullable().optional(),
  accuracy_m: z.number().min(0).max(TRACKER_ACCURACY_MAX_M).nullable().optional().describe('How far off the fix may be, metres'),
  temperature_c: trackerTemperatureC,
});

/**
 * What a tracker sends without a position (issue 19): a message with nothing to place (None), a failed fix
 * (NoPositionData), or its acknowledgement of a settings downlink (DownlinkAcknowledgement, naming the downlink).
 */
export const TrackerMessageSchema = z
  .object({
    kind: z.literal('tracker'),
    ...messageBase,
    message_type: z.enum(TRACKER_MESSAGE_TYPES),
    downlink_id: z.string().min(1).max(64).optional().describe('The downlink acknowledged; required for DownlinkAcknowledgement'),
    battery_pct: z.number().min(0).max(100).nullable().optional(),
    temperature_c: trackerTemperatureC,
  })
  .superRefine((message, context) => {
    if (message.message_type === 'DownlinkAcknowledgement' && message.downlink_id === undefined)
      context.addIssue({ code: 'custom', path: ['downlink_id'], message: 'Required for a DownlinkAcknowledgement' });
  });

export const DeviceMessageSchema = z
  .discriminatedUnion('kind', [
    TransformerReadingSchema,
    PowerQualityEventSchema,
    HydrogenReadingSchema,
    MeteringReadingSchema,
    PositionMessageSchema,
    TrackerMessageSchema,
  ])
  .meta({ id: 'DeviceMessage', description: 'One message of a device, by its kind' });
export type DeviceMessage = z.infer<typeof DeviceMessageSchema>;
export type TransformerReading = z.infer<typeof TransformerReadingSchema>;
export type PowerQualityEvent = z.infer<typeof PowerQualityEventSchema>;
export type HydrogenReading = z.infer<typeof HydrogenReadingSchema>;
export type MeteringReading = z.infer<typeof MeteringReadingSchema>;
export type PositionMessage = z.infer<typeof PositionMessageSchema>;
export type TrackerMessage = z.infer<typeof TrackerMessageSchema>;

/**
 * POST /ingest/v1/messages. Version 1 of the envelope. Each message is validated on its own (one bad message does
 * not reject the batch), so the schema the server validates the request with fixes only the envelope; the
 * document shows the envelope as it should be sent, every message a DeviceMessage (IngestBatchDocumentSchema).
 */
export const IngestBatchSchema = z.object({
  v: z.literal(1),
  messages: z.array(z.unknown()).min(1),
});

export const IngestBatchDocumentSchema = z
  .object({
    v: z.literal(1).describe('Version of the envelope'),
    messages: z.array(DeviceMessageSchema).min(1).describe(`Up to ${INGEST_BATCH_MAX} device messages; a larger batch answers 413`),
  })
  .meta({ id: 'IngestBatch' });

export const IngestResultSchema = z.object({
  index: z.number().int(),
  status: z.enum(['accepted', 'duplicate', 'rejected']),
  reason: z.string().optional(),
  fields: z.array(z.string()).optional(),
});
export type IngestResult = z.infer<typeof IngestResultSchema>;

export const IngestResponseSchema = z
  .object({ accepted: z.number().int(), duplicates: z.number().int(), rejected: z.number().int(), results: z.array(IngestResultSchema) })
  .meta({ id: 'IngestResponse' });
export type IngestResponse = z.infer<typeof IngestResponseSchema>;

/** Ingest API keys (per tenant). The secret is shown once, at creation; only its hash is stored. */
export const IngestKeySchema = z
  .object({ id: z.string(), name: z.string(), prefix: z.string(), created_at: z.string(), revoked_at: z.string().nullable() })
  .meta({ id: 'IngestKey' });
export const CreateIngestKeySchema = z
  .object({ name: z.string().trim().min(1).max(50) })
  .strict()
  .meta({ id: 'CreateIngestKey' });
export const CreatedIngestKeySchema = IngestKeySchema.extend({
  secret: z.string().describe('Send as "Authorization: Bearer <secret>"; shown only now'),
}).meta({ id: 'CreatedIngestKey' });
export type IngestKey = z.infer<typeof IngestKeySchema>;

export const RevokedIngestKeySchema = z.object({ revoked: z.literal(true) }).meta({ id: 'RevokedIngestKey' });

/** How many of a device's latest refused messages the refusals endpoint answers at most. */
export const REFUSALS_LIMIT_MAX = 100;

/** A device message the portal refused (a dead letter), as its tenant's users see it. */
export const RefusalSchema = z
  .object({
    received_at: z.string(),
    source: z.enum(['http', 'mqtt']),
    reason: z.string().describe('"<code>: <detail>", e.g. "invalid_json: …", "invalid_field: …", "unknown_device: …"'),
    fields: z.array(z.string()),
    payload_excerpt: z.string().describe('The start of the refused message as received (at most 300 characters)'),
  })
  .meta({ id: 'Refusal' });
export type Refusal = z.infer<typeof RefusalSchema>;
export const RefusalsSchema = z.object({ items: z.array(RefusalSchema) }).meta({ id: 'Refusals' });
export type Refusals = z.infer<typeof RefusalsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Endpoints

const tags = ['Ingestion'];

export const ingestApi = {
  messages: endpoint(ingestRoutes.messages, {
    tags,
    summary: `Stores a batch of up to ${INGEST_BATCH_MAX} device messages; answers per message`,
    description:
      'Authenticate with an ingest API key of the tenant (`Authorization: Bearer glk_…` or `X-Api-Key`). Each message is validated on its own: one bad message does not reject the others. A message already stored (same device, kind and seq) is reported as `duplicate`. The answer comes only after the batch is committed.',
    body: IngestBatchSchema,
    documentedBody: IngestBatchDocumentSchema,
    responses: { 200: IngestResponseSchema, 413: ApiErrorSchema, 429: ApiErrorSchema },
  }),
  keys: endpoint(ingestRoutes.keys, {
    tags,
    summary: "The tenant's ingest API keys (never their secrets)",
    responses: { 200: z.array(IngestKeySchema) },
  }),
  createKey: endpoint(ingestRoutes.createKey, {
    tags,
    summary: 'Creates an ingest API key; the secret is in this answer only',
    body: CreateIngestKeySchema,
    responses: { 201: CreatedIngestKeySchema },
  }),
  revokeKey: endpoint(ingestRoutes.revokeKey, {
    tags,
    summary: 'Revokes an ingest API key',
    params: z.object({ id: z.string().max(64) }),
    responses: { 200: RevokedIngestKeySchema },
  }),
  refusals: endpoint(ingestRoutes.refusals, {
    tags,
    summary: "A device's latest refused messages (bad JSON, bad fields, unknown device, wrong topic), newest first",
    description:
      "Only messages attributable to the caller's tenant: sent with its ingest key or on its topics. Refusals of unknown tenants stay in the server's log and ingest_dead_letters.",
    params: DeviceIdParamsSchema,
    query: z.object({ limit: z.coerce.number().int().min(1).max(REFUSALS_LIMIT_MAX).default(20) }),
    responses: { 200: RefusalsSchema },
  }),
};
