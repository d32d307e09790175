import { enumKey } from '@/lib/enum-key';

/** The screen's words for a device status or an installation status: the assets screen's, one term for one thing. */
export const deviceStatusKey = (status: string) => `assets.values.device_status.${enumKey(status)}`;
