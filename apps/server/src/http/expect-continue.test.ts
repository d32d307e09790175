import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { evModelsApi } from '@gridlens/contract/load-models';
import { powerQualityApi } from '@gridlens/contract/power-quality';
import { pathOf } from '@gridlens/contract/route';
import { openPglite, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { authHeaders, createTestApp } from '../../test/support/test-app';

const MIB = 1_048_576;

interface Outcome {
  status: number;
  /** Whether the server invited the body with `100 Continue`. */
  continued: boolean;
  connection: string | undefined;
  body: string;
}

/**
 * A client as curl or an HTTP library behaves: it announces its body with `Expect: 100-continue` and sends it
 * only once invited; a final answer first means the body is not wanted. Any socket error fails the call.
 */
function postExpectingContinue(port: number, path: string, headers: Record<string, string>, body: Buffer): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    let continued = false;
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      agent: false,
      headers: { ...headers, 'content-length': String(body.length), expect: '100-continue' },
    });
    request.on('continue', () => {
      continued = true;
      request.end(body);
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          continued,
          connection: response.headers.connection,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        request.destroy();
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

describe('a body announced with Expect: 100-continue', () => {
  let db: Database;
  let app: FastifyInstance;
  let port: number;
  let headers: Record<string, string>;

  beforeAll(async () => {
    db = await openPglite(null);
    await migrate(db);
    const created = await createTestApp(db);
    app = created.app;
    headers = authHeaders(await created.issuer.token({ sub: 'user-1', tenant: 'netzero' }), 'netzero');
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const imagePath = pathOf(powerQualityApi.uploadImage, { device_id: 'TX-T' });
  const tenMegabytes = Buffer.alloc(10 * MIB, 0x41);

  it('over the image limit answers 413 every time, without inviting the body, and closes the connection', async () => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const outcome = await postExpectingContinue(port, imagePath, { ...headers, 'content-type': 'image/png' }, tenMegabytes);
      expect(outcome.status).toBe(413);
      expect(outcome.continued).toBe(false);
      expect(outcome.connection).toBe('close');
      expect(Object.keys(JSON.parse(outcome.body) as object)).toEqual(expect.arrayContaining(['error', 'message']));
    }
  });

  it('over the JSON limit answers 413 the same way', async () => {
    const outcome = await postExpectingContinue(
      port,
      pathOf(evModelsApi.create, {}),
      { ...headers, 'content-type': 'application/json' },
      Buffer.alloc(2 * MIB, 0x20),
    );
    expect(outcome).toMatchObject({ status: 413, continued: false, connection: 'close' });
  });

  it('from a caller without a token is refused with 401 before the body is sent', async () => {
    const outcome = await postExpectingContinue(port, imagePath, { 'content-type': 'image/png' }, Buffer.alloc(1024));
    expect(outcome).toMatchObject({ status: 401, continued: false });
  });

  it('within the limit is invited with 100 Continue, read and judged', async () => {
    const outcome = await postExpectingContinue(
      port,
      pathOf(evModelsApi.create, {}),
      { ...headers, 'content-type': 'application/json' },
      Buffer.from(JSON.stringify({ name: '' })),
    );
    expect(outcome.continued).toBe(true);
    expect(outcome.status).toBe(400);
    expect(outcome.body).toContain('name');
  });
});
