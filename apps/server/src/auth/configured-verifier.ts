import type { ServerConfig } from '../config/env';
import type { EmbeddedProvider } from '../oidc/embedded-provider';
import { createTokenVerifier, remoteIssuerKeys, type TokenVerifier } from './token-verifier';

/** Tokens of the embedded provider are checked with its own key; an external issuer's through its JWKS. */
export function configuredTokenVerifier(config: ServerConfig, embedded: EmbeddedProvider | null): TokenVerifier {
  if (embedded) return createTokenVerifier(config.auth, embedded.keys, (request) => embedded.issuerFor(request));
  return createTokenVerifier(config.auth, remoteIssuerKeys(config.auth.issuer));
}
