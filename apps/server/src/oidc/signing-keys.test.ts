import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, importJWK, jwtVerify, createLocalJWKSet } from 'jose';
import type { Database } from '../db/database';
import { TEST_DATABASES } from '../../test/support/test-databases';
import { loadProviderSecrets, publicJwk } from './signing-keys';

for (const backend of TEST_DATABASES) {
  describe(`the embedded provider's keys [${backend.name}]`, () => {
    let db: Database;
    let dir: string;
    beforeAll(async () => {
      db = await backend.open();
      dir = mkdtempSync(join(tmpdir(), 'gridlens-keys-'));
    });
    afterAll(async () => {
      await backend.dispose(db);
      rmSync(dir, { recursive: true, force: true });
    });

    it('are one set for every process on the database, however many start at once, and stay across a restart', async () => {
      const [first, second, third] = await Promise.all([
        loadProviderSecrets(db, null),
        loadProviderSecrets(db, null),
        loadProviderSecrets(db, null),
      ]);
      expect(second).toEqual(first);
      expect(third).toEqual(first);
      expect(first?.cookieKeys[0]?.length).toBeGreaterThanOrEqual(43);
      // A token one process signs verifies with the keys another process loads later.
      const key = await importJWK(first.signingKey, 'RS256');
      const token = await new SignJWT({ sub: 'u' }).setProtectedHeader({ alg: 'RS256', kid: first.signingKey.kid! }).sign(key);
      const later = await loadProviderSecrets(db, dir);
      const { payload } = await jwtVerify(token, createLocalJWKSet({ keys: [publicJwk(later.signingKey)] }));
      expect(payload.sub).toBe('u');
      // The database's keys win over a file in a data folder.
      writeFileSync(join(dir, 'oidc-secrets.json'), JSON.stringify({ ...first, cookieKeys: ['from-a-file'] }));
      expect((await loadProviderSecrets(db, dir)).cookieKeys).toEqual(first?.cookieKeys);
    });
  });
}

describe('the embedded provider’s keys on upgrade', () => {
  it('are copied from the data folder of the version that kept them there, so signed-in users stay signed in', async () => {
    const backend = TEST_DATABASES[0]!;
    const db = await backend.open();
    const dir = mkdtempSync(join(tmpdir(), 'gridlens-keys-'));
    try {
      // The keys an earlier version generated (here: on a database of its own) and kept in its data folder.
      const other = await backend.open();
      const earlier = await loadProviderSecrets(other, null);
      await backend.dispose(other);
      writeFileSync(join(dir, 'oidc-secrets.json'), JSON.stringify(earlier));
      expect(await loadProviderSecrets(db, dir)).toEqual(earlier);
      expect(await loadProviderSecrets(db, null)).toEqual(earlier);
    } finally {
      await backend.dispose(db);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
