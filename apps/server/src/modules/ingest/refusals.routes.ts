import type { FastifyInstance } from 'fastify';
import { ingestApi, type Refusals } from '@gridlens/contract/ingest';
import { tenantPrincipal } from '../../auth/auth.plugin';
import { bindEndpoint } from '../../http/bind-endpoint';
import type { Database } from '../../db/database';
import type { DeadLettersRepository } from './dead-letters.repository';

/**
 * A device's latest refused messages, for its messages tab: what its tenant's keys sent or its topics carried
 * under this device id. Refusals filed under no tenant (an unknown key never gets this far; a topic of no tenant)
 * cannot be told apart by tenant and are shown to none (docs/decisions.md).
 */
export function registerRefusalRoutes(app: FastifyInstance, db: Database, deadLetters: DeadLettersRepository): void {
  bindEndpoint(app, ingestApi.refusals, async (request): Promise<Refusals> => {
    const rows = await deadLetters.recentForDevice(db, tenantPrincipal(request).tenantId, request.params.device_id, request.query.limit);
    return {
      items: rows.map((row) => ({
        received_at: new Date(row.received_at).toISOString(),
        source: row.source,
        reason: row.reason,
        fields: row.fields,
        payload_excerpt: row.payload_excerpt,
      })),
    };
  });
}
