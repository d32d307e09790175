import type { User } from 'oidc-client-ts';
import type { ClientConfig } from '@gridlens/contract/client-config';
import { parseClaimPath, readClaim } from '@gridlens/domain/claim-path';
import { roleNames } from '@gridlens/domain/roles';

/** What the portal reads from the signed-in user's ID token claims (spec §3 User). */
export interface UserIdentity {
  name: string;
  email: string | null;
  picture: string | null;
  tenant: string | null;
  roles: string[];
  /**
   * Whether the ID token carries the roles claim at all. Without it the web app cannot tell an installer, and
   * leaves the judgement to the API, which reads the access token (and refuses one without the claim).
   */
  rolesClaimFound: boolean;
}

export function userIdentity(user: User, config: Pick<ClientConfig, 'rolesClaim' | 'appMetadataClaim' | 'tenantKey'>): UserIdentity {
  const profile = user.profile as Record<string, unknown>;
  const metadata = profile[config.appMetadataClaim];
  const tenant = typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>)[config.tenantKey] : undefined;
  // The same path and shapes as the API (OIDC_ROLES_CLAIM): nested, a URL-named claim, a string for a list of one.
  const roles = roleNames(readClaim(profile, parseClaimPath(config.rolesClaim) ?? [config.rolesClaim]));
  return {
    name: typeof profile['name'] === 'string' ? profile['name'] : (user.profile.email ?? user.profile.sub),
    email: user.profile.email ?? null,
    picture: user.profile.picture ?? null,
    tenant: typeof tenant === 'string' ? tenant : null,
    roles: roles ?? [],
    rolesClaimFound: roles !== null,
  };
}
