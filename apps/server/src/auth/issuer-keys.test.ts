import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeIssuer, type FakeIssuer } from '../../test/support/fake-issuer';
import { createIssuerKeys } from './issuer-keys';
import { createTokenVerifier, InvalidTokenError, IssuerUnavailableError } from './token-verifier';

const AUDIENCE = 'urn:gridlens:api';
const claims = { aud: AUDIENCE, roles: ['Operator'], app: { tenant: 'netzero' } };

describe("an external issuer's keys", () => {
  let fake: FakeIssuer;
  let nowMs: number;
  beforeEach(async () => {
    fake = await startFakeIssuer();
    nowMs = 1_000_000;
  });
  afterEach(() => fake.down());

  const verifierOf = () => {
    const issuerKeys = createIssuerKeys(fake.issuer(), { now: () => nowMs, timeoutMs: 2000 });
    const config = {
      issuer: fake.issuer(),
      audience: AUDIENCE,
      rolesClaim: 'roles',
      rolesPath: ['roles'],
      tenantClaim: 'app.tenant',
      tenantPath: ['app', 'tenant'],
    };
    return { issuerKeys, verify: createTokenVerifier(config, issuerKeys.keys) };
  };

  it('are found through discovery once, then serve token after token', async () => {
    const { verify } = verifierOf();
    for (let i = 0; i < 3; i += 1)
      expect(await verify(await fake.token(claims))).toMatchObject({ tenantId: 'netzero', roles: ['Operator'] });
    expect(fake.requests).toEqual(['/realms/portal/.well-known/openid-configuration', '/realms/portal/certs']);
  });

  it('say why they cannot be fetched while the issuer is down, hold that answer 30 s, and are fetched once it is back', async () => {
    await fake.down();
    const { verify } = verifierOf();
    const token = await fake.token(claims);
    const refusal = await verify(token).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(IssuerUnavailableError);
    expect((refusal as Error).message).toMatch(
      new RegExp(`^OpenID discovery at ${fake.issuer()}/\\.well-known/openid-configuration failed: .*ECONNREFUSED`),
    );
    await fake.up();
    // Within 30 s the failure is the answer, so that requests do not each wait on an issuer that is away.
    nowMs += 10_000;
    await expect(verify(token)).rejects.toBeInstanceOf(IssuerUnavailableError);
    expect(fake.requests).toEqual([]);
    nowMs += 20_000;
    expect((await verify(token)).userId).toBe('u1');
  });

  it('keep serving while the issuer is away, past their age, for tokens of a key already known', async () => {
    const { verify } = verifierOf();
    await verify(await fake.token(claims));
    await fake.down();
    nowMs += 11 * 60_000; // older than the 10 minutes after which the set is fetched again
    expect((await verify(await fake.token(claims))).userId).toBe('u1');
    nowMs += 60_000;
    expect((await verify(await fake.token(claims))).userId).toBe('u1');
  });

  it('are fetched again for a key id they do not know (a rotation), at most every 30 s', async () => {
    const { verify } = verifierOf();
    await verify(await fake.token(claims));
    const oldKey = fake.currentKey();
    await fake.rotate();
    const rotated = await fake.token(claims);
    // Just fetched: an unknown key id is the token's fault, not a reason to ask the issuer again.
    await expect(verify(rotated)).rejects.toMatchObject({ reason: 'unknown_key' });
    nowMs += 30_000;
    expect((await verify(rotated)).userId).toBe('u1');
    await expect(verify(await fake.token(claims, oldKey))).rejects.toBeInstanceOf(InvalidTokenError);
    expect(fake.requests.filter((path) => path.endsWith('/certs'))).toHaveLength(2);
  });

  it('answer an unknown key id with the outage when the issuer cannot be asked', async () => {
    const { verify } = verifierOf();
    await verify(await fake.token(claims));
    await fake.rotate();
    await fake.down();
    nowMs += 30_000;
    await expect(verify(await fake.token(claims))).rejects.toBeInstanceOf(IssuerUnavailableError);
  });

  it('name what is wrong with a discovery document or key set', async () => {
    const discovery = '/realms/portal/.well-known/openid-configuration';
    fake.answers.set(discovery, { status: 200, body: { issuer: `${fake.issuer()}/`, jwks_uri: `${fake.issuer()}/certs` } });
    await expect(verifierOf().issuerKeys.check()).rejects.toThrow(`names the issuer "${fake.issuer()}/", not OIDC_ISSUER ${fake.issuer()}`);
    fake.answers.set(discovery, { status: 200, body: { issuer: fake.issuer() } });
    await expect(verifierOf().issuerKeys.check()).rejects.toThrow('names no jwks_uri');
    fake.answers.set(discovery, { status: 404, body: 'Realm does not exist' });
    await expect(verifierOf().issuerKeys.check()).rejects.toThrow('answered HTTP 404');
    fake.answers.delete(discovery);
    fake.answers.set('/realms/portal/certs', { status: 500, body: 'oops' });
    await expect(verifierOf().issuerKeys.check()).rejects.toThrow(`The issuer's key set at ${fake.issuer()}/certs answered HTTP 500`);
    fake.answers.set('/realms/portal/certs', { status: 200, body: { keys: [] } });
    await expect(verifierOf().issuerKeys.check()).rejects.toThrow('holds no keys');
    fake.answers.clear();
    await expect(verifierOf().issuerKeys.check()).resolves.toBeUndefined();
  });
});
