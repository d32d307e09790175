import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

/**
 * An external identity provider on a real port: its discovery document and key set over HTTP, which a test can
 * take down and bring back on the same port, rotate the key of, or make answer wrongly.
 */
export async function startFakeIssuer() {
  const keyPair = async (kid: string) => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
  };
  let key = await keyPair('key-1');
  let port = 0;
  let server: Server | null = null;
  /** Overrides of what the issuer answers, by path. */
  const answers = new Map<string, { status: number; body: unknown }>();
  const requests: string[] = [];
  const issuer = () => `http://127.0.0.1:${port}/realms/portal`;

  const up = async () => {
    server = createServer((request, response) => {
      const path = request.url ?? '/';
      requests.push(path);
      const override = answers.get(path);
      const body =
        override?.body ??
        (path === '/realms/portal/.well-known/openid-configuration'
          ? { issuer: issuer(), jwks_uri: `${issuer()}/certs`, authorization_endpoint: `${issuer()}/auth` }
          : path === '/realms/portal/certs'
            ? { keys: [key.jwk] }
            : { error: 'not found' });
      const status = override?.status ?? (typeof body === 'object' && body !== null && 'error' in body ? 404 : 200);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => (server as Server).listen(port, '127.0.0.1', resolve));
    port = (server?.address() as AddressInfo).port;
  };
  const down = async () => {
    const running = server;
    server = null;
    if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
  };

  await up();
  return {
    issuer,
    requests,
    answers,
    up,
    down,
    /** A new signing key under a new key id; the old one is gone from the key set. */
    rotate: async () => {
      key = await keyPair(`key-${Date.now()}`);
    },
    token: (claims: JWTPayload, signingKey: { kid: string; privateKey: CryptoKey } = key) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid })
        .setIssuer(issuer())
        .setSubject('u1')
        .setJti(randomUUID()) // each token its own text, so that the verifier's memory of passed tokens does not answer
        .setExpirationTime('5m')
        .sign(signingKey.privateKey),
    currentKey: () => key,
  };
}
export type FakeIssuer = Awaited<ReturnType<typeof startFakeIssuer>>;
