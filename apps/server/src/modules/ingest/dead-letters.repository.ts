import { columnLiteral } from '../../db/array-literal';
import { deleteOlderThan } from '../../db/aged-rows.repository';
import type { Queryable } from '../../db/database';
import { INPUT_DEPTH_MAX, nestedDeeperThan } from '@gridlens/contract/storable-input';

/**
 * PostgreSQL text and jsonb cannot hold U+0000 nor an unpaired UTF-16 surrogate (JSON.stringify writes both as
 * \u escapes). A dead letter carrying one would abort the whole batch's transaction, good messages included, so
 * they are stored as U+FFFD. The look-behind skips an escaped backslash followed by the letters "u0000".
 */
const UNSTORABLE_JSON_ESCAPE = /(?<!\\)((?:\\\\)*)\\u(?:0000|d[89a-f][0-9a-f]{2})/gi;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** A payload nested deeper than any message is kept as a note: writing it out would overflow the stack. */
const storableJson = (value: unknown) =>
  nestedDeeperThan(value)
    ? JSON.stringify({ unstored: `nested deeper than ${INPUT_DEPTH_MAX} levels` })
    : JSON.stringify(value ?? null).replace(UNSTORABLE_JSON_ESCAPE, '$1\\ufffd');
const storableText = (text: string) => text.replaceAll('\u0000', '\ufffd').replace(LONE_SURROGATE, '\ufffd');

/** How much of a refused payload the device's refusals show. */
const PAYLOAD_EXCERPT_CHARS = 300;

/** Messages the ingest path refused, with why, for support (ingest_dead_letters). */
export function createDeadLettersRepository() {
  return {
    async insertDeadLetters(
      tx: Queryable,
      letters: readonly {
        tenantId: string | null;
        source: 'http' | 'mqtt';
        deviceId: string | null;
        reason: string;
        fields: string[];
        payload: unknown;
      }[],
    ): Promise<void> {
      if (letters.length === 0) return;
      await tx.query(
        `INSERT INTO ingest_dead_letters (tenant_id, source, device_id, reason, fields, payload)
         SELECT u.tenant, u.source, u.device, u.reason, string_to_array(u.fields, ','), u.payload::jsonb
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS u(tenant, source, device, reason, fields, payload)`,
        [
          columnLiteral(letters, (l) => l.tenantId),
          columnLiteral(letters, (l) => l.source),
          columnLiteral(letters, (l) => (l.deviceId === null ? null : storableText(l.deviceId))),
          columnLiteral(letters, (l) => storableText(l.reason.slice(0, 2000))),
          columnLiteral(letters, (l) => l.fields.join(',')),
          columnLiteral(letters, (l) => storableJson(l.payload)),
        ],
      );
    },

    /**
     * The device's latest refusals filed under the tenant, newest first, each payload cut to its first characters
     * in the query (a refused payload may be megabytes).
     */
    recentForDevice(
      db: Queryable,
      tenantId: string,
      deviceId: string,
      limit: number,
    ): Promise<{ received_at: Date; source: 'http' | 'mqtt'; reason: string; fields: string[]; payload_excerpt: string }[]> {
      return db.query(
        `SELECT received_at, source, reason, fields, left(payload::text, $4) AS payload_excerpt
           FROM ingest_dead_letters
          WHERE tenant_id = $1 AND device_id = $2
          ORDER BY received_at DESC, id DESC
          LIMIT $3`,
        [tenantId, deviceId, limit, PAYLOAD_EXCERPT_CHARS],
      );
    },

    /** Retention: dead letters older than `retentionDays` (see the retention module). */
    async prune(tx: Queryable, retentionDays: number): Promise<Record<string, number>> {
      return { ingest_dead_letters: await deleteOlderThan(tx, 'ingest_dead_letters', 'received_at', retentionDays) };
    },
  };
}
export type DeadLettersRepository = ReturnType<typeof createDeadLettersRepository>;
