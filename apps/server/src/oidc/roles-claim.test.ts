import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configApi } from '@gridlens/contract/config';
import type { Database } from '../db/database';
import { seedDemoData } from '../demo/seed-demo';
import { inject } from '../../test/support/inject';
import { createEmbeddedApp, jwtClaims, signInThroughProvider } from '../../test/support/embedded-sign-in';
import { authHeaders } from '../../test/support/test-app';
import { TEST_DATABASES } from '../../test/support/test-databases';

const ORIGIN = 'http://127.0.0.1:3000';
const POWER = { email: 'power@gridlens.demo', password: 'power-demo' };
const INSTALLER = { email: 'installer@gridlens.demo', password: 'installer-demo' };
/** The API at the address the tokens were issued for (without PUBLIC_URL each address is its own issuer). */
const at = (token: string) => ({ headers: { ...authHeaders(token, 'netzero'), host: '127.0.0.1:3000' } });

describe.each(TEST_DATABASES)('the roles claim of the embedded provider ($name)', (database) => {
  let db: Database;
  beforeAll(async () => {
    db = await database.open();
    await seedDemoData(db);
  });
  afterAll(async () => {
    await database.dispose(db);
  });

  it('is the top-level https://gridlens.io/roles by default, in both tokens, as before', async () => {
    const app = await createEmbeddedApp(db);
    try {
      const { accessToken, idToken } = await signInThroughProvider(app, ORIGIN, POWER);
      expect(jwtClaims(accessToken)['https://gridlens.io/roles']).toEqual(['Operator']);
      expect(jwtClaims(idToken)['https://gridlens.io/roles']).toEqual(['Operator']);
      expect((await inject(app, configApi.tenantSettings, at(accessToken))).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('is issued at a nested OIDC_ROLES_CLAIM, where the API reads it', async () => {
    const app = await createEmbeddedApp(db, { OIDC_ROLES_CLAIM: 'realm_access.roles' });
    try {
      const power = await signInThroughProvider(app, ORIGIN, POWER);
      expect(jwtClaims(power.accessToken)['realm_access']).toEqual({ roles: ['Operator'] });
      expect(jwtClaims(power.idToken)['realm_access']).toEqual({ roles: ['Operator'] });
      expect(Object.keys(jwtClaims(power.accessToken))).not.toContain('realm_access.roles'); // a path, not a name
      expect((await inject(app, configApi.tenantSettings, at(power.accessToken))).statusCode).toBe(200);
      const installer = await signInThroughProvider(app, ORIGIN, INSTALLER);
      expect((await inject(app, configApi.tenantSettings, at(installer.accessToken))).statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });
});
