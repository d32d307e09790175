import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INGEST_BATCH_MAX, ingestApi } from '@gridlens/contract/ingest';
import { trackingDevicesApi, type Downlink } from '@gridlens/contract/tracking-devices';
import { bindEndpoint } from '../../http/bind-endpoint';
import { HttpError } from '../../http/http-error';
import { plainJsonSerializer } from '../../http/plain-json-serializer';
import type { IngestKeysService } from './ingest-keys.service';
import type { IngestService } from './ingest.service';

/** Per key: 600 batches a minute is 50,000 messages a second, far above any fleet; it stops a runaway client. */
const INGEST_RATE_LIMIT = { max: 600, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => presentedKey(request) ?? request.ip };

/** A full batch of 5,000 readings is about 2 MB of JSON; leave room for verbose clients. */
const INGEST_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

function presentedKey(request: FastifyRequest): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const header = request.headers['x-api-key'];
  return bearer ?? (typeof header === 'string' ? header : null);
}

export function registerIngestRoutes(
  app: FastifyInstance,
  keys: IngestKeysService,
  ingest: IngestService,
  pendingDownlinks?: (tenantId: string, deviceId: string) => Promise<{ items: Downlink[] }>,
): void {
  /** The tenant of each request's key, found before its body is read. */
  const tenantOfRequest = new WeakMap<FastifyRequest, string>();

  bindEndpoint(
    app,
    ingestApi.messages,
    async (request) => {
      const tenantId = tenantOfRequest.get(request);
      if (!tenantId) throw new HttpError(401, 'unauthorized', 'A valid ingest API key is required'); // preParsing set it
      if (request.body.messages.length > INGEST_BATCH_MAX) {
        throw new HttpError(
          413,
          'payload_too_large',
          `A batch may hold at most ${INGEST_BATCH_MAX} messages; this one has ${request.body.messages.length}`,
        );
      }
      return ingest.ingest(tenantId, 'http', request.body.messages);
    },
    {
      // The key is checked before the body (up to 8 MB) is parsed and validated: a request without a valid key
      // costs a header check and at most one indexed look-up, not a JSON parse.
      preParsing: async (request) => {
        const key = presentedKey(request);
        const tenantId = key ? await keys.tenantOfKey(key) : null;
        if (!tenantId) throw new HttpError(401, 'unauthorized', 'A valid ingest API key is required');
        tenantOfRequest.set(request, tenantId);
      },
      bodyLimit: INGEST_BODY_LIMIT_BYTES,
      // Answered whole and at once, never as a compressed stream: the acknowledgement must not trail the status
      // line (a device killed or cut off after the status has its answer), and the hot path pays no gzip.
      compress: false,
      serializerCompiler: plainJsonSerializer, // 5,000 per-message results: see plain-json-serializer.ts
      config: { rateLimit: INGEST_RATE_LIMIT },
    },
  );

  // A tracker fetches its pending settings downlinks with its tenant's ingest key (docs/api.md, "Tracking mode: devices").
  if (pendingDownlinks)
    bindEndpoint(
      app,
      trackingDevicesApi.downlinks,
      async (request) => {
        const key = presentedKey(request);
        const tenantId = key ? await keys.tenantOfKey(key) : null;
        if (!tenantId) throw new HttpError(401, 'unauthorized', 'A valid ingest API key is required');
        return pendingDownlinks(tenantId, request.params.device_id);
      },
      { config: { rateLimit: INGEST_RATE_LIMIT } },
    );
}
