import { z } from 'zod';
import {
  HYDROGEN_OPERATION,
  HYDROGEN_SENSOR_STATUS,
  isFaultEvent,
  OIL_TYPES,
  PQ_EVENT_TYPES,
  type PqEventType,
  SENSOR_LOCATIONS,
  SENSOR_TYPES,
} from '@gridlens/domain/power/enumerations';
import { endpoint } from './endpoint';
import { powerQualityRoutes, IMAGE_CONTENT_TYPES } from './routes/power-quality';
import { ApiErrorSchema } from './errors';
import { DeviceIdParamsSchema } from './params';
import { PeriodQuerySchema } from './power-readings';

/** Data of the power-data device tabs: Events, Fault Records, XFRMR Health, Metering, Images (spec §2 Screens). */

const pagination = {
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(100),
};
const pageFields = { page: z.number().int(), page_size: z.number().int(), total: z.number().int() };

// ---------------------------------------------------------------------------------------------------------------
// Events and fault records (spec §4 event types: LOSS_OF_MAINS is a Fault, the rest are Events)

/** The power-quality types the Events tab lists: every type that is not a fault. */
export const PQ_EVENT_ONLY_TYPES = PQ_EVENT_TYPES.filter((type) => !isFaultEvent(type)) as [PqEventType, ...PqEventType[]];
/** The types the Fault Records tab lists. */
export const PQ_FAULT_TYPES = PQ_EVENT_TYPES.filter((type) => isFaultEvent(type)) as [PqEventType, ...PqEventType[]];

export const PqEventsQuerySchema = PeriodQuerySchema.extend({
  event_type: z.enum(PQ_EVENT_ONLY_TYPES).optional().describe('Only this event type (faults are under /faults)'),
  priority: z.coerce.number().int().min(1).max(4).optional().describe('Only this priority, 1 (highest) to 4'),
  ...pagination,
});

export const PqEventSchema = z.object({
  seq: z.number().int(),
  time: z.string(),
  event_type: z.enum(PQ_EVENT_TYPES),
  priority: z.number().int(),
  phase: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  magnitude: z.number().nullable().describe('Residual voltage (V) for dips, peak (V) for swells, Pst for flicker'),
});
export type PqEvent = z.infer<typeof PqEventSchema>;

export const PqEventsPageSchema = z.object({ items: z.array(PqEventSchema), ...pageFields }).meta({ id: 'PqEventsPage' });
export type PqEventsPage = z.infer<typeof PqEventsPageSchema>;

export const FaultsQuerySchema = PeriodQuerySchema.extend(pagination);

export const FaultRecordSchema = z.object({
  seq: z.number().int(),
  event_type: z.enum(PQ_EVENT_TYPES),
  start_time: z.string(),
  end_time: z.string().nullable().describe('start_time + duration_ms; null when the device sent no duration'),
  duration_ms: z.number().int().nullable(),
  priority: z.number().int(),
  phase: z.number().int().nullable(),
});
export type FaultRecord = z.infer<typeof FaultRecordSchema>;

export const FaultRecordsPageSchema = z.object({ items: z.array(FaultRecordSchema), ...pageFields }).meta({ id: 'FaultRecordsPage' });
export type FaultRecordsPage = z.infer<typeof FaultRecordsPageSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Hydrogen sensor (spec §3 Transformer health, §4 hydrogen sensor status and operation)

const statusTexts = Object.values(HYDROGEN_SENSOR_STATUS) as [string, ...string[]];
const operationTexts = Object.values(HYDROGEN_OPERATION) as [string, ...string[]];

export const HydrogenReadingRowSchema = z.object({
  seq: z.number().int(),
  time: z.string(),
  h2_ppm: z.number().nullable(),
  oil_temperature_c: z.number().nullable(),
  status: z.number().int(),
  status_text: z.enum(statusTexts).nullable().describe('Spec §4 name of the status code; null for a code it does not name'),
  operation: z.number().int(),
  operation_text: z.enum(operationTexts).nullable().describe('Spec §4 name of the operation code; null for a code it does not name'),
});
export type HydrogenReadingRow = z.infer<typeof HydrogenReadingRowSchema>;

export const HydrogenDataSchema = z
  .object({
    device_id: z.string(),
    from: z.string(),
    to: z.string(),
    readings: z.array(HydrogenReadingRowSchema).describe('Oldest first'),
    summary: z.object({
      reading_count: z.number().int(),
      latest: HydrogenReadingRowSchema.nullable().describe('The newest reading of the period, whatever its status'),
      max_h2_ppm: z.number().nullable().describe('Highest h2_ppm among Ready readings (status 2 or 3)'),
      rate_of_change_ppm_per_day: z
        .number()
        .nullable()
        .describe('Least-squares slope of h2_ppm against time over the Ready readings; null with fewer than two'),
    }),
  })
  .meta({ id: 'HydrogenData' });
export type HydrogenData = z.infer<typeof HydrogenDataSchema>;

/** Spec §3 names a single operating mode, Field. */
export const OPERATING_MODES = ['Field'] as const;

export const HydrogenSensorConfigBodySchema = z
  .object({
    oil_type: z.enum(OIL_TYPES),
    operating_mode: z.enum(OPERATING_MODES),
    sensor_type: z.enum(SENSOR_TYPES),
    sensor_location: z.enum(SENSOR_LOCATIONS),
  })
  .strict()
  .meta({ id: 'HydrogenSensorConfigBody' });
export type HydrogenSensorConfigBody = z.infer<typeof HydrogenSensorConfigBodySchema>;

export const HydrogenSensorConfigSchema = z
  .object({
    device_id: z.string(),
    oil_type: z.enum(OIL_TYPES),
    operating_mode: z.enum(OPERATING_MODES),
    sensor_type: z.enum(SENSOR_TYPES),
    sensor_location: z.enum(SENSOR_LOCATIONS),
    is_default: z.boolean().describe('True when nothing was saved yet and these are the defaults'),
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable(),
  })
  .meta({ id: 'HydrogenSensorConfig' });
export type HydrogenSensorConfig = z.infer<typeof HydrogenSensorConfigSchema>;

export const DEFAULT_HYDROGEN_SENSOR_CONFIG: HydrogenSensorConfigBody = {
  oil_type: 'Mineral',
  operating_mode: 'Field',
  sensor_type: 'Sealed',
  sensor_location: 'MainTank',
};

// ---------------------------------------------------------------------------------------------------------------
// Metering (LV side: cumulative energy and per-phase voltage)

const perPhase = z.array(z.number().nullable()).length(3).describe('L1, L2, L3; null when no reading had that phase');

export const MeteringReadingRowSchema = z.object({
  seq: z.number().int(),
  time: z.string(),
  import_kwh: z.number(),
  export_kwh: z.number(),
  voltage_v: z.array(z.number()).length(3).nullable(),
  power_factor: z.number().nullable(),
});
export type MeteringReadingRow = z.infer<typeof MeteringReadingRowSchema>;

export const MeteringDataSchema = z
  .object({
    device_id: z.string(),
    from: z.string(),
    to: z.string(),
    readings: z.array(MeteringReadingRowSchema).describe('Oldest first'),
    summary: z.object({
      reading_count: z.number().int(),
      energy_imported_kwh: z.number().nullable().describe('Last minus first cumulative import of the period; null with fewer than two'),
      energy_exported_kwh: z.number().nullable().describe('Last minus first cumulative export of the period; null with fewer than two'),
      voltage_min_v: perPhase,
      voltage_max_v: perPhase,
    }),
  })
  .meta({ id: 'MeteringData' });
export type MeteringData = z.infer<typeof MeteringDataSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Installation images

export const IMAGE_TYPES = ['installation', 'nameplate', 'site', 'other'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export { IMAGE_CONTENT_TYPES } from './routes/power-quality';
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
/** Largest image accepted: 5 MiB (a phone photo scaled for the web; larger answers 413). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const ImageUploadQuerySchema = z.object({
  image_type: z.enum(IMAGE_TYPES).default('installation'),
  caption: z.string().trim().max(200).optional(),
});

/** Raw bytes (a Buffer on the server); documented in OpenAPI as a binary string. */
const BinarySchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array, {
  message: `Send the raw image bytes with Content-Type ${IMAGE_CONTENT_TYPES.join(', ')}`,
});

/** The request body of an upload: the raw image bytes, with Content-Type image/jpeg, image/png or image/webp. */
export const ImageUploadBodySchema = BinarySchema.meta({
  type: 'string',
  format: 'binary',
  description: `The image itself, at most ${IMAGE_MAX_BYTES} bytes`,
});

/** Any text: a malformed id answers 404 like an unknown one (ids are compared as text, never cast). */
export const ImageIdParamsSchema = z.object({ image_id: z.string().min(1).max(100) });

export const DeviceImageSchema = z
  .object({
    id: z.string(),
    device_id: z.string(),
    image_type: z.enum(IMAGE_TYPES),
    content_type: z.enum(IMAGE_CONTENT_TYPES),
    byte_size: z.number().int(),
    caption: z.string().nullable(),
    uploaded_by: z.string(),
    uploaded_at: z.string(),
    url: z.string().describe('GET it with the bearer token and Tenant header for the bytes'),
  })
  .meta({ id: 'DeviceImage' });
export type DeviceImage = z.infer<typeof DeviceImageSchema>;

export const DeviceImageListSchema = z.array(DeviceImageSchema).meta({ id: 'DeviceImageList' });

const ImageBytesSchema = BinarySchema.meta({ type: 'string', format: 'binary' });

/** The bytes of GET /api/powerdata/images/{image_id}, per content type, for the OpenAPI document. */
export const ImageBytesResponse = {
  description: 'The image bytes with their stored content type',
  content: Object.fromEntries(IMAGE_CONTENT_TYPES.map((type) => [type, { schema: ImageBytesSchema }])) as Record<
    ImageContentType,
    { schema: typeof ImageBytesSchema }
  >,
};

// ---------------------------------------------------------------------------------------------------------------
// Endpoints

/** Events, Fault Records, XFRMR Health (hydrogen), Metering and Images tabs of a power-data device. */
const tags = ['Power data'];

export const powerQualityApi = {
  events: endpoint(powerQualityRoutes.events, {
    tags,
    summary: "A device's power-quality events (not faults), newest first, paginated",
    params: DeviceIdParamsSchema,
    query: PqEventsQuerySchema,
    responses: { 200: PqEventsPageSchema },
  }),
  faults: endpoint(powerQualityRoutes.faults, {
    tags,
    summary: "A device's fault records (loss of mains) with start, duration and end, newest first, paginated",
    params: DeviceIdParamsSchema,
    query: FaultsQuerySchema,
    responses: { 200: FaultRecordsPageSchema },
  }),
  hydrogen: endpoint(powerQualityRoutes.hydrogen, {
    tags,
    summary: "A device's dissolved-hydrogen readings over a period with the latest, the maximum and the trend",
    params: DeviceIdParamsSchema,
    query: PeriodQuerySchema,
    responses: { 200: HydrogenDataSchema },
  }),
  hydrogenConfig: endpoint(powerQualityRoutes.hydrogenConfig, {
    tags,
    summary: "A device's hydrogen sensor configuration (the defaults until one is saved)",
    params: DeviceIdParamsSchema,
    responses: { 200: HydrogenSensorConfigSchema },
  }),
  saveHydrogenConfig: endpoint(powerQualityRoutes.saveHydrogenConfig, {
    tags,
    summary: "Saves a device's hydrogen sensor configuration (all four fields)",
    params: DeviceIdParamsSchema,
    body: HydrogenSensorConfigBodySchema,
    responses: { 200: HydrogenSensorConfigSchema },
  }),
  metering: endpoint(powerQualityRoutes.metering, {
    tags,
    summary: "A device's metering readings over a period with energy imported and exported and voltage extremes",
    params: DeviceIdParamsSchema,
    query: PeriodQuerySchema,
    responses: { 200: MeteringDataSchema },
  }),
  uploadImage: endpoint(powerQualityRoutes.uploadImage, {
    tags,
    summary: 'Uploads an image of a device: the raw bytes as the body, Content-Type image/jpeg, image/png or image/webp',
    params: DeviceIdParamsSchema,
    query: ImageUploadQuerySchema,
    body: ImageUploadBodySchema,
    responses: { 201: DeviceImageSchema, 413: ApiErrorSchema, 415: ApiErrorSchema },
  }),
  images: endpoint(powerQualityRoutes.images, {
    tags,
    summary: "Metadata of a device's images, newest first (fetch each image's bytes from its url)",
    params: DeviceIdParamsSchema,
    responses: { 200: DeviceImageListSchema },
  }),
  imageBytes: endpoint(powerQualityRoutes.imageBytes, {
    tags,
    summary: "An image's bytes with their stored content type",
    params: ImageIdParamsSchema,
    responses: { 200: ImageBytesResponse },
  }),
  deleteImage: endpoint(powerQualityRoutes.deleteImage, {
    tags,
    summary: 'Deletes an image; answers its metadata',
    params: ImageIdParamsSchema,
    responses: { 200: DeviceImageSchema },
  }),
};
