import { DeviceMessageSchema, type DeviceMessage } from '@gridlens/contract/ingest';

export type ValidatedMessage =
  { ok: true; message: DeviceMessage } | { ok: false; reason: string; fields: string[]; deviceId: string | null };

/** Checks one message against the contract; a failure names every bad field. */
export function validateMessage(raw: unknown): ValidatedMessage {
  const parsed = DeviceMessageSchema.safeParse(raw);
  if (parsed.success) return { ok: true, message: parsed.data };
  const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.map(String).join('.') || 'message'))];
  const reason = parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || 'message'}: ${issue.message}`).join('; ');
  const deviceId =
    typeof raw === 'object' && raw !== null && typeof (raw as { device_id?: unknown }).device_id === 'string'
      ? (raw as { device_id: string }).device_id
      : null;
  return { ok: false, reason: `invalid_field: ${reason}`, fields, deviceId: deviceId?.slice(0, 64) ?? null };
}
