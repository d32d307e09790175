import { describe, expect, it } from 'vitest';
import type { User } from 'oidc-client-ts';
import { userIdentity } from './user-identity';

const config = { rolesClaim: 'https://gridlens.io/roles', tenantClaim: '["https://gridlens.io/app_metadata"].tenant' };
const userWith = (profile: Record<string, unknown>) => ({ profile: { sub: 'u1', ...profile } }) as unknown as User;

describe("the signed-in user's tenant", () => {
  it('is read at the configured path, inside app metadata or a claim of its own', () => {
    expect(userIdentity(userWith({ 'https://gridlens.io/app_metadata': { tenant: 'netzero' } }), config).tenant).toBe('netzero');
    const entra = { ...config, tenantClaim: '["extn.tenant"]' };
    expect(userIdentity(userWith({ 'extn.tenant': 'fleetco', tenant: 'netzero' }), entra).tenant).toBe('fleetco');
    expect(userIdentity(userWith({ extn: { tenant: 'fleetco' } }), entra).tenant).toBeNull();
    expect(userIdentity(userWith({ 'https://gridlens.io/app_metadata': 'netzero' }), config).tenant).toBeNull();
  });
});

describe("the signed-in user's roles", () => {
  it('are read at the configured path, nested or URL-named, as the API reads them', () => {
    expect(userIdentity(userWith({ 'https://gridlens.io/roles': ['Installer'] }), config)).toMatchObject({
      roles: ['Installer'],
      rolesClaimFound: true,
    });
    const keycloak = { ...config, rolesClaim: 'realm_access.roles' };
    expect(userIdentity(userWith({ realm_access: { roles: ['installer', 'offline_access'] } }), keycloak).roles).toEqual([
      'installer',
      'offline_access',
    ]);
    const auth0 = { ...config, rolesClaim: '["https://example.com/app"].roles' };
    expect(userIdentity(userWith({ 'https://example.com/app': { roles: ['Operator'] } }), auth0).roles).toEqual(['Operator']);
  });

  it('take a string for a list of one, and say when the claim is missing', () => {
    expect(userIdentity(userWith({ 'https://gridlens.io/roles': 'Installer' }), config).roles).toEqual(['Installer']);
    expect(userIdentity(userWith({ 'https://gridlens.io/roles': [] }), config)).toMatchObject({ roles: [], rolesClaimFound: true });
    expect(userIdentity(userWith({}), config)).toMatchObject({ roles: [], rolesClaimFound: false });
  });
});
