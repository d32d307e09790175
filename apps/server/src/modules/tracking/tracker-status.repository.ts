import { BACK_ONLINE_SILENCE_HOURS } from '@gridlens/contract/tracking-devices';
import { POSITION_MESSAGE_TYPES } from '@gridlens/domain/tracking/enumerations';
import { columnLiteral } from '../../db/array-literal';
import type { Queryable } from '../../db/database';

/** A message of either kind as the newest-message state reads it. */
export interface StatusMessage {
  device_id: string;
  seq: number;
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
  /** The batch's newest fix (a position): its time (null: the batch has none) and accuracy. */
  fixTime: string | null;
  accuracyM: number | null;
}

const SILENCE_MS = BACK_ONLINE_SILENCE_HOURS * 3_600_000;

/** The message types that carry a position (the others: None, NoPositionData, DownlinkAcknowledgement). */
const FIX_TYPES: ReadonlySet<string> = new Set(POSITION_MESSAGE_TYPES);

interface Timed {
  atMs: number;
  /** 1 for a position, 0 for a message without one. */
  fix: number;
  m: StatusMessage;
}

/**
 * A device's messages of the batch in the order they count: by time; at one instant a position after a message
 * without one (each kind counts its own seq, so seqs of two kinds say nothing of their order), then by seq.
 */
const inOrder = (a: Timed, b: Timed) => a.atMs - b.atMs || a.fix - b.fix || a.m.seq - b.m.seq;

/**
 * Per device, in device order (the lock order of every ingest write): its first and newest message of the batch,
 * the latest silence inside the batch, its newest readings. Each time is parsed once.
 */
function updatesOf(messages: readonly StatusMessage[]): StatusUpdate[] {
  const perDevice = new Map<string, Timed[]>();
  for (const m of messages) {
    const entry: Timed = { atMs: Date.parse(m.time), fix: FIX_TYPES.has(m.message_type) ? 1 : 0, m };
    const list = perDevice.get(m.device_id);
    if (list) list.push(entry);
    else perDevice.set(m.device_id, [entry]);
  }
  const updates: StatusUpdate[] = [];
  for (const [deviceId, list] of perDevice) {
    if (list.length > 1) list.sort(inOrder);
    const newest = (list[list.length - 1] as Timed).m;
    let silentSince: string | null = null;
    let backAt: string | null = null;
    for (let i = 1; i < list.length; i += 1) {
      const before = list[i - 1] as Timed;
      const after = list[i] as Timed;
      if (after.atMs - before.atMs >= SILENCE_MS) [silentSince, backAt] = [before.m.time, after.m.time];
    }
    let fix: StatusMessage | null = null;
    for (let i = list.length - 1; i >= 0 && fix === null; i -= 1) {
      const entry = list[i] as Timed;
      if (entry.fix === 1) fix = entry.m;
    }
    let batteryPct: number | null = null;
    let temperatureC: number | null = null;
    for (let i = list.length - 1; i >= 0 && (batteryPct === null || temperatureC === null); i -= 1) {
      const { m } = list[i] as Timed;
      batteryPct ??= m.battery_pct ?? null;
      temperatureC ??= m.temperature_c ?? null;
    }
    updates.push({
      deviceId,
      first: (list[0] as Timed).m.time,
      time: newest.time,
      messageType: newest.message_type,
      silentSince,
      backAt,
      batteryPct,
      temperatureC,
      fixTime: fix?.time ?? null,
      accuracyM: fix?.accuracy_m ?? null,
    });
  }
  return updates.sort((a, b) => (a.deviceId < b.deviceId ? -1 : a.deviceId > b.deviceId ? 1 : 0));
}

/**
 * Moves each tracker's newest-message state on (tracker_status) for new messages of either kind, in the ingest
 * transaction, once per batch for its messages of both kinds (a position and a message without one at the same
 * instant: the position is the newer, as when each kind was written on its own). A late message (older than the stored newest) changes nothing. A silence of 24 hours or more ended
 * by the batch (before its first message, or inside it) is kept as the device's latest return. Battery and
 * temperature keep their last reported value; the accuracy is that of the newest fix (newer than the stored
 * newest message: the batch's, or the stored one), so a message without a position leaves it.
 */
export async function upsertTrackerStatus(tx: Queryable, tenantId: string, messages: readonly StatusMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const updates = updatesOf(messages);
  // The silence before the batch's first message is measured against the stored newest (cur), read in the same
  // statement (one primary-key read per device: OFFSET 0 keeps the planner from joining the tenant's whole table,
  // whose time index every update grows); one inside the batch came with the update.
  await tx.query(
    `INSERT INTO tracker_status AS s (tenant_id, device_id, last_message_at, message_type, silent_since, back_online_at, battery_pct,
                                      temperature_c, accuracy_m)
     SELECT $1, u.d, u.t, u.m,
            CASE WHEN u.ba IS NOT NULL THEN u.ss WHEN u.f - cur.last_message_at >= $11::interval THEN cur.last_message_at
                 ELSE cur.silent_since END,
            CASE WHEN u.ba IS NOT NULL THEN u.ba WHEN u.f - cur.last_message_at >= $11::interval THEN u.f ELSE cur.back_online_at END,
            u.b, u.c,
            CASE WHEN u.ft > cur.last_message_at OR (cur.last_message_at IS NULL AND u.ft IS NOT NULL) THEN u.a ELSE cur.accuracy_m END
       FROM unnest($2::text[], $3::timestamptz[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::real[], $8::real[], $9::real[],
                   $10::timestamptz[], $12::timestamptz[]) AS u(d, t, m, ss, ba, b, c, a, f, ft)
       LEFT JOIN LATERAL (SELECT c.last_message_at, c.silent_since, c.back_online_at, c.accuracy_m FROM tracker_status c
                           WHERE c.tenant_id = $1 AND c.device_id = u.d OFFSET 0) cur ON true
     ON CONFLICT (tenant_id, device_id) DO UPDATE SET
       last_message_at = excluded.last_message_at,
       message_type = excluded.message_type,
       silent_since = excluded.silent_since,
       back_online_at = excluded.back_online_at,
       battery_pct = COALESCE(excluded.battery_pct, s.battery_pct),
       temperature_c = COALESCE(excluded.temperature_c, s.temperature_c),
       accuracy_m = excluded.accuracy_m
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
      columnLiteral(updates, (u) => u.fixTime),
    ],
  );
}
