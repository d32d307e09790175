import { useAuth } from 'react-oidc-context';

/**
 * Signs the user out at the identity provider too (RP-initiated logout, the ID token as its hint), which returns to
 * the portal; undefined while nobody is signed in, so that a page offers "Sign out" only to a user who can.
 */
export function useSignOut(): (() => void) | undefined {
  const auth = useAuth();
  return auth.isAuthenticated ? () => void auth.signoutRedirect({ id_token_hint: auth.user?.id_token }) : undefined;
}
