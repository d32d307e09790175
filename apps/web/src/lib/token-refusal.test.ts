import { describe, expect, it } from 'vitest';
import { isSetUpFault, sameRefusal, tokenRefusalOf } from './token-refusal';

describe('tokenRefusalOf', () => {
  it("reads the API's challenge: the reason code and its description", () => {
    const header =
      'Bearer realm="gridlens", error="invalid_token", error_description="The access token\'s audience is account, not urn:gridlens:api (OIDC_AUDIENCE)", reason="audience"';
    expect(tokenRefusalOf(header)).toEqual({
      reason: 'audience',
      description: "The access token's audience is account, not urn:gridlens:api (OIDC_AUDIENCE)",
    });
  });

  it('reads unquoted values and any order, and names a refusal without a reason by its error', () => {
    expect(tokenRefusalOf('bearer error=invalid_token, realm="x"')).toEqual({ reason: 'invalid_token', description: '' });
    expect(tokenRefusalOf('Bearer reason="expired",error="invalid_token"')).toMatchObject({ reason: 'expired' });
  });

  it('finds no refusal in a bare challenge, another error, another scheme or no header', () => {
    expect(tokenRefusalOf('Bearer realm="gridlens"')).toBeNull();
    expect(tokenRefusalOf('Bearer error="insufficient_scope"')).toBeNull();
    expect(tokenRefusalOf('Basic realm="x", error="invalid_token"')).toBeNull();
    expect(tokenRefusalOf(null)).toBeNull();
  });
});

describe('isSetUpFault', () => {
  it('is every refusal but an expired token', () => {
    for (const reason of ['audience', 'issuer', 'not_a_jwt', 'roles_claim', 'signature', 'unknown_key', 'invalid_token']) {
      expect(isSetUpFault({ reason, description: '' }), reason).toBe(true);
    }
    expect(isSetUpFault({ reason: 'expired', description: '' })).toBe(false);
  });
});

describe('sameRefusal', () => {
  it('is the same reason and description, or no refusal on both sides', () => {
    const audience = { reason: 'audience', description: 'wrong audience' };
    expect(sameRefusal(audience, { ...audience })).toBe(true);
    expect(sameRefusal(null, null)).toBe(true);
    expect(sameRefusal(audience, { ...audience, description: 'other' })).toBe(false);
    expect(sameRefusal(audience, { ...audience, reason: 'issuer' })).toBe(false);
    expect(sameRefusal(audience, null)).toBe(false);
    expect(sameRefusal(null, audience)).toBe(false);
  });
});
