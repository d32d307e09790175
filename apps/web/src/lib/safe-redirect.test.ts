import { describe, expect, it } from 'vitest';
import { forbiddenRedirect, safeRedirectPath } from './safe-redirect';

describe('forbiddenRedirect', () => {
  it('sends a refused page to /error with its full path to return to', () => {
    expect(forbiddenRedirect('/profile')).toBe('/error?redirect=%2Fprofile');
    expect(forbiddenRedirect('/assets?filter=x#map')).toBe('/error?redirect=%2Fassets%3Ffilter%3Dx%23map');
  });

  it('says when the API refused the user because their organisation is not set up (issue 28)', () => {
    expect(forbiddenRedirect('/profile', 'unknown_tenant')).toBe('/error?redirect=%2Fprofile&reason=unknown_tenant');
    expect(forbiddenRedirect('/profile', 'forbidden')).toBe('/error?redirect=%2Fprofile');
  });

  it('stays on an access page instead of wrapping its address again', () => {
    expect(forbiddenRedirect('/error?redirect=%2Fprofile')).toBeNull();
    expect(forbiddenRedirect('/error')).toBeNull();
    expect(forbiddenRedirect('/accessdenied')).toBeNull();
  });

  it('still leaves pages whose names only begin like an access page', () => {
    expect(forbiddenRedirect('/errors')).toBe('/error?redirect=%2Ferrors');
  });
});

describe('safeRedirectPath', () => {
  it('takes only same-site paths', () => {
    expect(safeRedirectPath('/assets')).toBe('/assets');
    expect(safeRedirectPath('//evil.example')).toBeNull();
    expect(safeRedirectPath('https://evil.example')).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
  });
});
