import { describe, expect, it } from 'vitest';
import { claimPathText, parseClaimPath, readClaim, withClaim } from './claim-path';

describe('claimPathText', () => {
  it('writes a path so that parseClaimPath reads the same steps back', () => {
    const cases: [string[], string][] = [
      [['roles'], 'roles'],
      [['realm_access', 'roles'], 'realm_access.roles'],
      [['https://gridlens.io/roles'], 'https://gridlens.io/roles'],
      [['https://gridlens.io/app_metadata', 'tenant'], '["https://gridlens.io/app_metadata"].tenant'],
      [['resource_access', 'my.client', 'roles'], 'resource_access["my.client"].roles'],
      [['extn.tenant'], '["extn.tenant"]'],
      [['say "hi"', 'a\\b'], '["say \\"hi\\""]["a\\\\b"]'],
    ];
    for (const [path, text] of cases) {
      expect(claimPathText(path), text).toBe(text);
      expect(parseClaimPath(text), text).toEqual(path);
    }
  });
});

describe('parseClaimPath', () => {
  it('reads a top-level name, and dots as steps into objects', () => {
    expect(parseClaimPath('roles')).toEqual(['roles']);
    expect(parseClaimPath('realm_access.roles')).toEqual(['realm_access', 'roles']);
    expect(parseClaimPath('resource_access.gridlens-web.roles')).toEqual(['resource_access', 'gridlens-web', 'roles']);
  });

  it('takes a value that starts with a URL scheme as one claim name, dots and all', () => {
    expect(parseClaimPath('https://gridlens.io/roles')).toEqual(['https://gridlens.io/roles']);
    expect(parseClaimPath('https://example.com/roles')).toEqual(['https://example.com/roles']);
    expect(parseClaimPath('urn:example:roles')).toEqual(['urn:example:roles']);
  });

  it('takes a bracketed, quoted name as written, for names with dots', () => {
    expect(parseClaimPath('["https://example.com/app"].roles')).toEqual(['https://example.com/app', 'roles']);
    expect(parseClaimPath('resource_access["my.client"].roles')).toEqual(['resource_access', 'my.client', 'roles']);
    expect(parseClaimPath('a["b"]["c.d"]')).toEqual(['a', 'b', 'c.d']);
    expect(parseClaimPath('["say \\"hi\\""]')).toEqual(['say "hi"']);
  });

  it.each(['', ' roles', 'roles.', '.roles', 'a..b', 'a[b]', 'a["b"', 'a["b"]c', '[""]', 'a"b', 'https://x.io/app["roles"]'])(
    'refuses %j',
    (text) => {
      expect(parseClaimPath(text)).toBeNull();
    },
  );
});

describe('readClaim', () => {
  const payload = { roles: ['A'], realm_access: { roles: ['B'] }, 'https://x.io/app': { roles: 'C' }, list: [{ roles: ['D'] }] };

  it('finds the value at the path, top-level or nested', () => {
    expect(readClaim(payload, ['roles'])).toEqual(['A']);
    expect(readClaim(payload, ['realm_access', 'roles'])).toEqual(['B']);
    expect(readClaim(payload, ['https://x.io/app', 'roles'])).toBe('C');
  });

  it('answers undefined where a step is missing, not an object, or inherited', () => {
    expect(readClaim(payload, ['realm_access', 'groups'])).toBeUndefined();
    expect(readClaim(payload, ['roles', 'length'])).toBeUndefined();
    expect(readClaim(payload, ['list', '0', 'roles'])).toBeUndefined();
    expect(readClaim(payload, ['toString'])).toBeUndefined();
  });
});

describe('withClaim', () => {
  it('puts a value at a nested path, keeping what the objects on the way already hold', () => {
    expect(withClaim({ app: { tenant: 't' } }, ['app', 'roles'], ['A'])).toEqual({ app: { tenant: 't', roles: ['A'] } });
    expect(withClaim({}, ['realm_access', 'roles'], ['A'])).toEqual({ realm_access: { roles: ['A'] } });
    expect(withClaim({}, ['https://gridlens.io/roles'], ['A'])).toEqual({ 'https://gridlens.io/roles': ['A'] });
  });
});
