import { z } from 'zod';
import { endpoint } from './endpoint';
import { keyedObject } from './keyed-object';
import { coverageRoutes } from './routes/coverage';
import { ApiErrorSchema } from './errors';
import { CONNECTION_TYPES } from '@gridlens/domain/power/enumerations';
import { MISSED_MESSAGE_LEVELS } from '@gridlens/domain/power/communication';
import { COVERAGE_LEVELS, COVERAGE_WINDOW_DAYS } from '@gridlens/domain/power/coverage';
import { CHECK_OUTCOMES, DEVICE_TEST_CHECKS } from '@gridlens/domain/power/device-test';

/**
 * GET /api/powerdata/coverage: the window looked back over, in days (1 or 7): the days of the tenant's calendar
 * (which key the daily rollups) that the last 24 hours or 7 × 24 hours touch.
 */
export const CoverageQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((days) => (COVERAGE_WINDOW_DAYS as readonly number[]).includes(days), {
      message: `days must be one of ${COVERAGE_WINDOW_DAYS.join(', ')}`,
    })
    .default(1),
});

/** One device's radio coverage over the window (device coverage check, spec §2 /coverage_checker). */
export const DeviceCoverageSchema = z.object({
  device_id: z.string(),
  transformer_name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  connection_type: z.enum(CONNECTION_TYPES).nullable(),
  received: z.number().int().describe('Messages received in the window'),
  expected: z.number().int().describe('Messages the device numbered in the window (sequence span)'),
  mean_lqi: z.number().nullable().describe('Mean link quality indicator (0–255) of the messages received'),
  min_lqi: z.number().nullable(),
  lqi_level: z.enum(MISSED_MESSAGE_LEVELS).nullable().describe('The level of most messages: good from 140, average from 90, else bad'),
  last_message_at: z.string().nullable().describe('The newest message ever received, ISO 8601'),
  level: z.enum(COVERAGE_LEVELS),
});
export type DeviceCoverage = z.infer<typeof DeviceCoverageSchema>;

export const CoverageSchema = z
  .object({
    days: z.number().int(),
    from: z.string(),
    to: z.string(),
    devices: z.array(DeviceCoverageSchema).describe('Every device of the tenant, worst coverage first'),
  })
  .meta({ id: 'DeviceCoverage' });
export type Coverage = z.infer<typeof CoverageSchema>;

/** One of the latest messages the device test looks at. */
export const DeviceTestMessageSchema = z.object({
  seq: z.number().int(),
  time: z.string(),
  lqi: z.number().nullable(),
  current_max_a: z.array(z.number()).length(3),
  temperature_max_c: z.number().nullable(),
  battery_pct: z.number().nullable(),
});

/** GET /api/powerdata/device-test/{DeviceID}: the installer's device test (spec §2 /checkcoverage). */
export const DeviceTestSchema = z
  .object({
    device_id: z.string(),
    transformer_name: z.string(),
    connection_type: z.enum(CONNECTION_TYPES).nullable(),
    checked_at: z.string(),
    last_message_at: z.string().nullable(),
    messages: z.array(DeviceTestMessageSchema).describe('The latest messages of the last day, newest first'),
    // A record over an enum is exhaustive in Zod 4: every check is present, null when it could not be judged.
    checks: keyedObject(DEVICE_TEST_CHECKS, z.enum(CHECK_OUTCOMES).nullable()),
    outcome: z.enum(CHECK_OUTCOMES),
  })
  .meta({ id: 'DeviceTest' });
export type DeviceTest = z.infer<typeof DeviceTestSchema>;

/**
 * POST /api/powerdata/device-test/{DeviceID}: the installer records the test as it stands now ("the monitor is
 * fitted"). The server runs the test itself (the body holds no outcome) and keeps it with who and when; the rollout
 * dashboard then counts the device Installed and its site installed.
 */
export const RecordDeviceTestBodySchema = z
  .object({ note: z.string().trim().max(1000).nullable().default(null).describe('The installer’s remark, if any') })
  .strict()
  .meta({ id: 'RecordDeviceTestBody' });
export type RecordDeviceTestBody = z.input<typeof RecordDeviceTestBodySchema>;

export const RecordedDeviceTestSchema = DeviceTestSchema.extend({
  recorded_at: z.string(),
  recorded_by: z.string().nullable(),
  note: z.string().nullable(),
  passed: z
    .boolean()
    .describe('No check failed. The monitor counts as fitted either way: one not heard joins the installed-but-silent queue'),
}).meta({ id: 'RecordedDeviceTest' });
export type RecordedDeviceTest = z.infer<typeof RecordedDeviceTestSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Endpoints

const tags = ['Power data'];

export const coverageApi = {
  coverage: endpoint(coverageRoutes.coverage, {
    tags,
    summary: "Device coverage: every device's link quality and delivery over the last day or week, worst first",
    query: CoverageQuerySchema,
    responses: { 200: CoverageSchema },
  }),
  deviceTest: endpoint(coverageRoutes.deviceTest, {
    tags,
    summary: "The installer's device test: is the device heard, its signal, clamps, sensor and battery (Installers allowed)",
    params: z.object({ DeviceID: z.string().min(1).max(64) }),
    responses: { 200: DeviceTestSchema, 429: ApiErrorSchema },
  }),
  recordDeviceTest: endpoint(coverageRoutes.recordDeviceTest, {
    tags,
    summary: 'Records the device test as it stands now: the monitor is fitted (Installers allowed)',
    params: z.object({ DeviceID: z.string().min(1).max(64) }),
    body: RecordDeviceTestBodySchema,
    responses: { 201: RecordedDeviceTestSchema, 429: ApiErrorSchema },
  }),
};
