import { loadChunk } from './chunk-load';

/**
 * Sign-in (oidc-client-ts) hashes its PKCE verifier with Web Crypto, which a browser offers only in a secure
 * context: https, or http on localhost. A trial reached over plain http at the machine's address or name has
 * none, and sign-in stopped with "Crypto.subtle is available only in secure contexts". There, and only there,
 * this gives `crypto.subtle.digest('SHA-256', …)` from @noble/hashes (loaded only then); the hash is the same.
 * A deployment is served over https (PUBLIC_URL) and never loads it.
 */
export async function provideDigestOutsideSecureContexts(): Promise<void> {
  if (globalThis.crypto.subtle !== undefined) return;
  const { sha256 } = await loadChunk(() => import('@noble/hashes/sha2.js'));
  const digest = (algorithm: AlgorithmIdentifier, data: BufferSource): Promise<ArrayBuffer> => {
    const name = typeof algorithm === 'string' ? algorithm : algorithm.name;
    if (name.toUpperCase() !== 'SHA-256') return Promise.reject(new Error(`${name} is not available outside a secure context`));
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    return Promise.resolve(sha256(bytes).slice().buffer);
  };
  Object.defineProperty(globalThis.crypto, 'subtle', { value: { digest }, configurable: true });
}
