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

/** The claim at a configured path; undefined when the path cannot be read (the server validated it, so never). */
function claimAt(profile: Record<string, unknown>, pathText: string): unknown {
  const path = parseClaimPath(pathText);
  return path === null ? undefined : readClaim(profile, path);
}

export function userIdentity(user: User, config: Pick<ClientConfig, 'rolesClaim' | 'tenantClaim'>): UserIdentity {
  const profile = user.profile as Record<string, unknown>;
  // The same paths and shapes as the API (OIDC_ROLES_CLAIM, OIDC_TENANT_CLAIM): nested, a URL-named claim, a
  // string for a list of one role.
  const tenant = claimAt(profile, config.tenantClaim);
  const roles = roleNames(claimAt(profile, config.rolesClaim));
  return {
    name: typeof profile['name'] === 'string' ? profile['name'] : (user.profile.email ?? user.profile.sub),
    email: user.profile.email ?? null,
    picture: user.profile.picture ?? null,
    tenant: typeof tenant === 'string' ? tenant : null,
    roles: roles ?? [],
    rolesClaimFound: roles !== null,
  };
}
