import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INGEST_BATCH_MAX, ingestApi } from '@gridlens/contract/ingest';
import { trackingDevicesApi, type Downlink } from '@gridlens/contract/tracking-devices';
import { bindEndpoint } from '../../http/bind-endpoint';
import { HttpError } from '../../http/http-error';
import { plainJsonSerializer } from '../../http/plain-json-serializer';
import type { IngestKeysService } from './ingest-keys.service';
import type { IngestService } from './ingest.service';

/** Requests a minute one device may make under one key: ten a second, far above any device's reporting. */
export const INGEST_REQUESTS_PER_DEVICE_MINUTE = 600;

/**
 * What the limit counts: one device's requests under one key. A tenant's devices share its key and each POSTs its
 * own message, so a limit of 600 a minute on the key alone refused the valid messages of any fleet of more than 600
 * devices reporting in the same minute (devices whose clocks align on the quarter hour do), and one runaway device
 * used up its whole fleet's allowance.
 * Counted per device, a runaway device is stopped and the rest of its fleet is not. A batch counts for the device
 * of its first message (a gateway's batches are limited as one sender); the device of the downlinks route is its path's.
 */
export function ingestRateLimitKey(key: string, body: unknown, params: unknown): string {
  const device = deviceOf(params) ?? (isRecord(body) && Array.isArray(body['messages']) ? deviceOf(body['messages'][0]) : null);
  return `${key} ${device ?? ''}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const deviceOf = (value: unknown): string | null => (isRecord(value) && typeof value['device_id'] === 'string' ? value['device_id'] : null);

/** Checked once the body is parsed (the key itself is checked before: a request without one is never parsed). */
const INGEST_RATE_LIMIT = {
  max: INGEST_REQUESTS_PER_DEVICE_MINUTE,
  timeWindow: 60_000,
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => ingestRateLimitKey(presentedKey(request) ?? request.ip, request.body, request.params),
};

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
