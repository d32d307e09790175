import { decodeProtectedHeader, generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import type { Principal } from './principal';
import type { TokenVerifier } from './token-verifier';

/**
 * Render tickets: how the report runner's headless browser reads a report-style page as the tenant. The runner
 * mints a ticket for one tenant, valid for one render; the web app takes it from the page address's fragment
 * (render-session.ts) and sends it as its bearer token. The API accepts it for GET requests only (auth.plugin.ts),
 * so a ticket that leaked could read the tenant's reports for a minute and change nothing.
 *
 * The key pair is made when the process starts and never leaves its memory: the browser loads the page from the
 * process that minted the ticket (its own loopback address), so no other process needs to check it, and a
 * restart retires every ticket.
 */
const ISSUER = 'urn:gridlens:report-render';
const AUDIENCE = 'urn:gridlens:report-render';
const ALGORITHM = 'ES256';

/** Who a ticket's requests are, in logs and `created_by` columns. */
export const RENDER_SUBJECT = 'report-delivery';
/** A role that passes the portal's access rule (not Installer-only), named for what it is. */
const RENDER_ROLE = 'Report renderer';

export interface RenderTickets {
  /** A ticket for the tenant, valid for `ttlMs`. */
  mint(tenantId: string, ttlMs: number): Promise<string>;
  /** The ticket's principal, or null when the token is not a render ticket of this process (or has expired). */
  verify(token: string): Promise<Principal | null>;
}

export function createRenderTickets(now: () => number = Date.now): RenderTickets {
  let keys: Promise<{ privateKey: CryptoKey; publicKey: CryptoKey }> | null = null;
  const keyPair = () => (keys ??= generateKeyPair(ALGORITHM));
  return {
    async mint(tenantId, ttlMs) {
      const { privateKey } = await keyPair();
      const issuedS = Math.floor(now() / 1000);
      return new SignJWT({ tenant: tenantId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'render+jwt' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(RENDER_SUBJECT)
        .setIssuedAt(issuedS)
        .setExpirationTime(issuedS + Math.max(1, Math.ceil(ttlMs / 1000)))
        .sign(privateKey);
    },
    async verify(token) {
      if (!keys) return null; // none minted by this process: no ticket can be good
      try {
        // A user's token (every other request) is told apart by its header alone, without a signature check.
        if (decodeProtectedHeader(token).typ !== 'render+jwt') return null;
        const { publicKey } = await keys;
        const { payload } = await jwtVerify(token, publicKey, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: [ALGORITHM],
          typ: 'render+jwt',
          currentDate: new Date(now()),
        });
        const tenant = payload['tenant'];
        if (typeof tenant !== 'string' || tenant === '') return null;
        return { userId: RENDER_SUBJECT, tenantId: tenant, roles: [RENDER_ROLE], name: null, email: null, readOnly: true };
      } catch {
        return null;
      }
    },
  };
}

/** The users' verifier, with this process's render tickets accepted beside their tokens. */
export function acceptingRenderTickets(verifyUserToken: TokenVerifier, tickets: RenderTickets): TokenVerifier {
  return async (token, request) => (await tickets.verify(token)) ?? verifyUserToken(token, request);
}
