import type { TrackerMessage } from '@gridlens/contract/ingest';
import { columnLiteral } from '../../db/array-literal';
import type { Queryable } from '../../db/database';
import { NONE_STORED, storedMessages, type StoredMessages } from '../../db/stored-messages';
import { acknowledgeDownlinks } from './downlinks.repository';
import { upsertTrackerStatus } from './tracker-status.repository';

/**
 * Stores a tracker's messages without a position for the ingest path: each once per (device, seq), late ones too;
 * the new ones move the device's newest-message state on (its last message and type, not its place), and an
 * acknowledgement marks its downlink applied.
 */
export async function storeTrackerMessages(tx: Queryable, tenantId: string, messages: readonly TrackerMessage[]): Promise<StoredMessages> {
  if (messages.length === 0) return NONE_STORED;
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
  const fresh = messages.filter((m) => stored.has(m.device_id, m.seq));
  await upsertTrackerStatus(tx, tenantId, fresh);
  const acknowledged = fresh.filter((m) => m.message_type === 'DownlinkAcknowledgement' && m.downlink_id !== undefined);
  await acknowledgeDownlinks(
    tx,
    tenantId,
    acknowledged.map((m) => ({ deviceId: m.device_id, downlinkId: m.downlink_id as string, time: m.time })),
  );
  return stored;
}
