import { describe, expect, it } from 'vitest';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTVerifyGetKey } from 'jose';
import { createTokenVerifier, InvalidTokenError } from './token-verifier';

const config = {
  issuer: 'https://issuer.test/',
  audience: 'gridlens',
  rolesClaim: 'roles',
  rolesPath: ['roles'],
  tenantClaim: 'app.tenant',
  tenantPath: ['app', 'tenant'],
};

async function setUp() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const local = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'RS256' }] });
  let keyLookups = 0;
  const keys: JWTVerifyGetKey = (header, token) => {
    keyLookups += 1;
    return local(header, token);
  };
  let nowMs = Date.parse('2026-11-24T12:00:00Z');
  const verify = createTokenVerifier(config, keys, undefined, () => nowMs);
  const token = (expiresAtS: number, subject = 'u1') =>
    new SignJWT({ roles: ['Operator'], app: { tenant: 'netzero' } })
      .setProtectedHeader({ alg: 'RS256', kid: 'k' })
      .setSubject(subject)
      .setIssuer(config.issuer)
      .setAudience(config.audience)
      .setIssuedAt(nowMs / 1000 - 60)
      .setExpirationTime(expiresAtS)
      .sign(privateKey);
  return { verify, token, lookups: () => keyLookups, setNow: (ms: number) => (nowMs = ms), now: () => nowMs };
}

describe('token verifier', () => {
  it('checks the signature of a token once until it expires, and again after', async () => {
    const t = await setUp();
    const expiresAtS = t.now() / 1000 + 300;
    const token = await t.token(expiresAtS);
    const first = await t.verify(token);
    expect(first).toMatchObject({ userId: 'u1', tenantId: 'netzero', roles: ['Operator'] });
    expect(await t.verify(token)).toEqual(first);
    expect(await t.verify(token)).toEqual(first);
    expect(t.lookups()).toBe(1);
    // The principal is shared by the requests that show the token: nobody may change it.
    expect(Object.isFrozen(first) && Object.isFrozen(first.roles)).toBe(true);

    // Past its expiry the token is verified again: within the clock tolerance it still passes, beyond it is refused.
    t.setNow(expiresAtS * 1000 + 10_000);
    expect(await t.verify(token)).toEqual(first);
    expect(t.lookups()).toBe(2);
    t.setNow(expiresAtS * 1000 + 31_000);
    await expect(t.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('keeps nothing of a token that failed, nor of one that differs by a character', async () => {
    const t = await setUp();
    const token = await t.token(t.now() / 1000 + 300);
    await t.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const tampered = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    await expect(t.verify(tampered)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(t.verify(tampered)).rejects.toBeInstanceOf(InvalidTokenError);
    expect(t.lookups()).toBe(3); // the good token once, the tampered one each time
    const other = await t.token(t.now() / 1000 + 300, 'u2');
    expect((await t.verify(other)).userId).toBe('u2');
  });

  it('remembers a token only at the address it was issued for', async () => {
    const t = await setUp();
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'RS256' }] });
    // The embedded provider without PUBLIC_URL: each address is its own issuer.
    const verify = createTokenVerifier(config, keys, (request) => `http://${request.host}/oidc`, t.now);
    const token = await new SignJWT({ roles: ['Operator'], app: { tenant: 'netzero' } })
      .setProtectedHeader({ alg: 'RS256', kid: 'k' })
      .setSubject('u1')
      .setIssuer('http://127.0.0.1:3000/oidc')
      .setAudience(config.audience)
      .setExpirationTime(t.now() / 1000 + 300)
      .sign(privateKey);
    const at = (host: string) => ({ host, protocol: 'http' });
    expect((await verify(token, at('127.0.0.1:3000'))).userId).toBe('u1');
    // Remembered at 127.0.0.1, and still refused at the machine's other address.
    await expect(verify(token, at('192.0.2.2:3000'))).rejects.toBeInstanceOf(InvalidTokenError);
    expect((await verify(token, at('127.0.0.1:3000'))).userId).toBe('u1');
  });
});

describe('the principal of a token', () => {
  it('is refused when the token lacks the roles claim, naming where it was looked for', async () => {
    const t = await setUp();
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'RS256' }] });
    const verify = createTokenVerifier(
      { ...config, rolesClaim: 'realm_access.roles', rolesPath: ['realm_access', 'roles'] },
      keys,
      undefined,
      t.now,
    );
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT({ app: { tenant: 'netzero' }, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'k' })
        .setSubject('u1')
        .setIssuer(config.issuer)
        .setAudience(config.audience)
        .setExpirationTime(t.now() / 1000 + 300)
        .sign(privateKey);
    expect((await verify(await sign({ realm_access: { roles: 'Operator' } }))).roles).toEqual(['Operator']);
    await expect(verify(await sign({ roles: ['Operator'] }))).rejects.toMatchObject({
      reason: 'roles_claim',
      description: 'The access token has no roles claim at realm_access.roles (OIDC_ROLES_CLAIM)',
    });
  });

  it('takes the tenant from the configured path: inside app metadata, or a claim of its own', async () => {
    const t = await setUp();
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'RS256' }] });
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT({ roles: ['Operator'], ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'k' })
        .setSubject('u1')
        .setIssuer(config.issuer)
        .setAudience(config.audience)
        .setExpirationTime(t.now() / 1000 + 300)
        .sign(privateKey);
    const nested = createTokenVerifier(config, keys, undefined, t.now);
    expect((await nested(await sign({ app: { tenant: 'netzero' }, tenant: 'fleetco' }))).tenantId).toBe('netzero');
    // Entra ID writes a directory extension at the top level.
    const topLevel = createTokenVerifier(
      { ...config, tenantClaim: '["extn.tenant"]', tenantPath: ['extn.tenant'] },
      keys,
      undefined,
      t.now,
    );
    expect((await topLevel(await sign({ 'extn.tenant': 'fleetco', app: { tenant: 'netzero' } }))).tenantId).toBe('fleetco');
    // No tenant where the configuration says is the provider's set-up: refused, naming the place.
    for (const [claims, what] of [
      [{}, 'no tenant claim'],
      [{ extn: { tenant: 'fleetco' } }, 'no tenant claim'],
      [{ 'extn.tenant': '' }, 'a tenant claim that is not a text:'],
      [{ 'extn.tenant': ['fleetco'] }, 'a tenant claim that is not a text:'],
    ] as const) {
      await expect(topLevel(await sign(claims)), JSON.stringify(claims)).rejects.toMatchObject({
        reason: 'tenant_claim',
        description: `The access token has ${what} ["extn.tenant"] (OIDC_TENANT_CLAIM)`,
      });
    }
  });
});
