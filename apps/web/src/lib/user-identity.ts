import type { User } from 'oidc-client-ts';
import type { ClientConfig } from '@gridlens/contract/client-config';

/** What the portal reads from the signed-in user's ID token claims (spec §3 User). */
export interface UserIdentity {
  name: string;
  email: string | null;
  picture: string | null;
  tenant: string | null;
  roles: string[];
}

export function userIdentity(user: User, config: Pick<ClientConfig, 'rolesClaim' | 'appMetadataClaim' | 'tenantKey'>): UserIdentity {
  const profile = user.profile as Record<string, unknown>;
  const metadata = profile[config.appMetadataClaim];
  const tenant = typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>)[config.tenantKey] : undefined;
  const roles = profile[config.rolesClaim];
  return {
    name: typeof profile['name'] === 'string' ? profile['name'] : (user.profile.email ?? user.profile.sub),
    email: user.profile.email ?? null,
    picture: user.profile.picture ?? null,
    tenant: typeof tenant === 'string' ? tenant : null,
    roles: Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [],
  };
}
