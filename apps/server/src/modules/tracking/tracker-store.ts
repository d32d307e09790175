import type { TrackerMessage } from '@gridlens/contract/ingest';
import { columnLiteral } from '../../db/array-literal';
import type { Queryable } from '../../db/database';
import { ALL_STORED, NONE_STORED, storedMessages, type StoredMessages } from '../../db/stored-messages';
import { acknowledgeDownlinks } from './downlinks.repository';

/**
 * Stores a tracker's messages without a position for the ingest path: each once per (device, seq), late ones too;
 * an acknowledgement marks its downlink applied. The new ones are returned for the device's newest-message state
 * (its last message and type, not its place), which the caller writes once for the batch's messages of both kinds.
 */
export async function storeTrackerMessages(
  tx: Queryable,
  tenantId: string,
  messages: readonly TrackerMessage[],
): Promise<{ stored: StoredMessages; fresh: readonly TrackerMessage[] }> {
  if (messages.length === 0) return { stored: NONE_STORED, fresh: [] };
  const rows = await tx.query<{ device_id: string; seq: number }>(
    `INSERT INTO tracker_messages (tenant_id, device_id, seq, measured_at, message_type, downlink_id, battery_pct, temperature_c)
     SELECT $1, u.d, u.s, u.t, u.m, u.k, u.b, u.c
       FROM unnest($2::text[], $3::bigint[], $4::timestamptz[], $5::text[], $6::text[], $7::real[], $8::real[]) AS u(d, s, t, m, k, b, c)
     ON CONFLICT (tenant_id, device_id, seq) DO NOTHING
     RETURNING device_id, seq::float8 AS seq`,
    [
      tenantId,
      columnLiteral(messages, (m) => m.device_id),
      columnLiteral(messages, (m) => m.seq),
      columnLiteral(messages, (m) => m.time),
      columnLiteral(messages, (m) => m.message_type),
      columnLiteral(messages, (m) => m.downlink_id),
      columnLiteral(messages, (m) => m.battery_pct),
      columnLiteral(messages, (m) => m.temperature_c),
    ],
  );
  const stored = storedMessages(rows, messages.length);
  const fresh = stored === ALL_STORED ? messages : messages.filter((m) => stored.has(m.device_id, m.seq));
  const acknowledged = fresh.filter((m) => m.message_type === 'DownlinkAcknowledgement' && m.downlink_id !== undefined);
  await acknowledgeDownlinks(
    tx,
    tenantId,
    acknowledged.map((m) => ({ deviceId: m.device_id, downlinkId: m.downlink_id as string, time: m.time })),
  );
  return { stored, fresh };
}
