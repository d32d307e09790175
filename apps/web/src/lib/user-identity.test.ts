import { describe, expect, it } from 'vitest';
import type { User } from 'oidc-client-ts';
import { userIdentity } from './user-identity';

const config = { rolesClaim: 'https://gridlens.io/roles', appMetadataClaim: 'https://gridlens.io/app_metadata', tenantKey: 'tenant' };
const userWith = (profile: Record<string, unknown>) => ({ profile: { sub: 'u1', ...profile } }) as unknown as User;

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
