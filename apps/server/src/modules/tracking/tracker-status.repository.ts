import { BACK_ONLINE_SILENCE_HOURS } from '@gridlens/contract/tracking-devices';
import { columnLiteral } from '../../db/array-literal';
import type { Queryable } from '../../db/database';

/** A message of either kind as the newest-message state reads it. */
export interface StatusMessage {
  device_id: string;
  time: string;
  message_type: string;
  battery_pct?: number | null | undefined;
  temperature_c?: number | null | undefined;
  accuracy_m?: number | null | undefined;
}

interface StatusUpdate {
  deviceId: string;
  first: string;
  time: string;
  messageType: string;
  silentSince: string | null;
  backAt: string | null;
  batteryPct: number | null;
  temperatureC: number | null;
  accuracyM: number | null;
}

const SILENCE_MS = BACK_ONLINE_SILENCE_HOURS * 3_600_000;
const ms = (iso: string) => Date.parse(iso);

/** Per device: its first and newest message of the batch, the latest silence inside the batch, its newest readings. */
function updatesOf(messages: readonly StatusMessage[]): StatusUpdate[] {
  const perDevice = new Map<string, StatusMessage[]>();
  for (const m of messages) {
    const list = perDevice.get(m.device_id);
    if (list) list.push(m);
    else perDevice.set(m.device_id, [m]);
  }
  return [...perDevice].map(([deviceId, list]) => {
    list.sort((a, b) => ms(a.time) - ms(b.time));
    const newest = list[list.length - 1] as StatusMessage;
    let silentSince: string | null = null;
    let backAt: string | null = null;
    for (let i = 1; i < list.length; i += 1) {
      const before = (list[i - 1] as StatusMessage).time;
      const after = (list[i] as StatusMessage).time;
      if (ms(after) - ms(before) >= SILENCE_MS) [silentSince, backAt] = [before, after];
    }
    const reported = <K extends 'battery_pct' | 'temperature_c'>(key: K) =>
      [...list].reverse().find((m) => m[key] !== undefined && m[key] !== null)?.[key] ?? null;
    return {
      deviceId,
      first: (list[0] as StatusMessage).time,
      time: newest.time,
      messageType: newest.message_type,
      silentSince,
      backAt,
      batteryPct: reported('battery_pct'),
      temperatureC: reported('temperature_c'),
      accuracyM: newest.accuracy_m ?? null,
    };
  });
}

/**
 * Moves each tracker's newest-message state on (tracker_status) for new messages of either kind, in the ingest
 * transaction. A late message (older than the stored newest) changes nothing. A silence of 24 hours or more ended
 * by the batch (before its first message, or inside it) is kept as the device's latest return. Battery and
 * temperature keep their last reported value; the accuracy is that of the newest fix, so a message without a
 * position leaves it.
 */
export async function upsertTrackerStatus(tx: Queryable, tenantId: string, messages: readonly StatusMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const updates = updatesOf(messages);
  // The silence before the batch's first message is measured against the stored newest (cur), read in the same
  // statement; one inside the batch came with the update.
  await tx.query(
    `INSERT INTO tracker_status AS s (tenant_id, device_id, last_message_at, message_type, silent_since, back_online_at, battery_pct,
                                      temperature_c, accuracy_m)
     SELECT $1, u.d, u.t, u.m,
            CASE WHEN u.ba IS NOT NULL THEN u.ss WHEN u.f - cur.last_message_at >= $11::interval THEN cur.last_message_at
                 ELSE cur.silent_since END,
            CASE WHEN u.ba IS NOT NULL THEN u.ba WHEN u.f - cur.last_message_at >= $11::interval THEN u.f ELSE cur.back_online_at END,
            u.b, u.c, u.a
       FROM unnest($2::text[], $3::timestamptz[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::real[], $8::real[], $9::real[],
                   $10::timestamptz[]) AS u(d, t, m, ss, ba, b, c, a, f)
       LEFT JOIN tracker_status cur ON cur.tenant_id = $1 AND cur.device_id = u.d
     ON CONFLICT (tenant_id, device_id) DO UPDATE SET
       last_message_at = excluded.last_message_at,
       message_type = excluded.message_type,
       silent_since = excluded.silent_since,
       back_online_at = excluded.back_online_at,
       battery_pct = COALESCE(excluded.battery_pct, s.battery_pct),
       temperature_c = COALESCE(excluded.temperature_c, s.temperature_c),
       accuracy_m = CASE WHEN excluded.message_type IN ('gps', 'OneWifi', 'TwoWifi') THEN excluded.accuracy_m ELSE s.accuracy_m END
     WHERE excluded.last_message_at > s.last_message_at`,
    [
      tenantId,
      columnLiteral(updates, (u) => u.deviceId),
      columnLiteral(updates, (u) => u.time),
      columnLiteral(updates, (u) => u.messageType),
      columnLiteral(updates, (u) => u.silentSince),
      columnLiteral(updates, (u) => u.backAt),
      columnLiteral(updates, (u) => u.batteryPct),
      columnLiteral(updates, (u) => u.temperatureC),
      columnLiteral(updates, (u) => u.accuracyM),
      columnLiteral(updates, (u) => u.first),
      `${BACK_ONLINE_SILENCE_HOURS} hours`,
    ],
  );
}
