import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { provideDigestOutsideSecureContexts } from './insecure-context-digest';

const secureSubtle = globalThis.crypto.subtle;

describe('the SHA-256 digest outside a secure context', () => {
  afterEach(() => {
    // Back to the runtime's own Web Crypto (on the prototype) for the next test.
    delete (globalThis.crypto as { subtle?: unknown }).subtle;
  });

  it("leaves a secure context's Web Crypto alone", async () => {
    await provideDigestOutsideSecureContexts();
    expect(globalThis.crypto.subtle).toBe(secureSubtle);
  });

  it('gives the same SHA-256 as Web Crypto where the browser offers none, and refuses other algorithms', async () => {
    Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined, configurable: true });
    await provideDigestOutsideSecureContexts();
    const verifier = new TextEncoder().encode('a-pkce-code-verifier-of-forty-three-or-more-characters');
    const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', verifier));
    expect(Buffer.from(digest).toString('hex')).toBe(createHash('sha256').update(verifier).digest('hex'));
    await expect(globalThis.crypto.subtle.digest('SHA-1', verifier)).rejects.toThrow(/SHA-1/);
  });
});
