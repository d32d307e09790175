import { useAuth } from 'react-oidc-context';
import { useClientConfig } from './client-config-context';
import { userIdentity, type UserIdentity } from './user-identity';

/** The signed-in user's name, picture, tenant and roles; null when signed out. */
export function useIdentity(): UserIdentity | null {
  const { user } = useAuth();
  const config = useClientConfig();
  return user ? userIdentity(user, config) : null;
}
