import { z } from 'zod';

/** A device id in a path (`/…/device/{device_id}`): any text up to 64 characters; an unknown one answers 404. */
export const DeviceIdParamsSchema = z.object({ device_id: z.string().min(1).max(64) });
