import type { ServerConfig } from '../config/env';
import type { EmbeddedProvider } from '../oidc/embedded-provider';
import { createIssuerKeys, type IssuerKeys } from './issuer-keys';
import { createTokenVerifier, type TokenVerifier } from './token-verifier';

/**
 * Tokens of the embedded provider are checked with its own key; an external issuer's through its discovery
 * document and key set (`issuerKeys`, shared with the start-up check so that its fetch serves the first requests;
 * made here when not given). The embedded provider needs no issuer keys, and none are made for it.
 */
export function configuredTokenVerifier(
  config: ServerConfig,
  embedded: EmbeddedProvider | null,
  issuerKeys: IssuerKeys | null = null,
): TokenVerifier {
  if (embedded) return createTokenVerifier(config.auth, embedded.keys, (request) => embedded.issuerFor(request));
  return createTokenVerifier(config.auth, (issuerKeys ?? createIssuerKeys(config.auth.issuer)).keys);
}
