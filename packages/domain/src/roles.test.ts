import { describe, expect, it } from 'vitest';
import { hasRole, portalAccess, roleNames } from './roles';

describe('portalAccess', () => {
  it('gives an Installer-only user the device test alone, however often or in whatever case the role is written', () => {
    expect(portalAccess(['Installer'])).toBe('installer');
    expect(portalAccess(['Installer', 'Installer'])).toBe('installer');
    expect(portalAccess(['installer'])).toBe('installer');
    expect(portalAccess(['INSTALLER', 'Installer'])).toBe('installer');
  });

  it('gives full access when the user also has another role, and to other roles alone', () => {
    expect(portalAccess(['Installer', 'Operator'])).toBe('full');
    expect(portalAccess(['operator', 'installer'])).toBe('full');
    expect(portalAccess(['Operator'])).toBe('full');
  });

  it('gives nothing to a user without any role', () => {
    expect(portalAccess([])).toBe('none');
  });
});

describe('roleNames', () => {
  it('keeps the strings of a list and takes one string as a list of one', () => {
    expect(roleNames(['Operator', 'Installer'])).toEqual(['Operator', 'Installer']);
    expect(roleNames('Installer')).toEqual(['Installer']);
    expect(roleNames(' Installer ')).toEqual(['Installer']);
  });

  it('leaves out blank and non-string entries, so that they count as no role', () => {
    expect(roleNames(['', '  ', 7, null, { role: 'Operator' }])).toEqual([]);
    expect(roleNames('')).toEqual([]);
    expect(roleNames([])).toEqual([]);
  });

  it('answers null for a missing claim or one that is neither a list nor a string', () => {
    expect(roleNames(undefined)).toBeNull();
    expect(roleNames(null)).toBeNull();
    expect(roleNames({ roles: ['Operator'] })).toBeNull();
    expect(roleNames(1)).toBeNull();
  });
});

describe('hasRole', () => {
  it('matches role names without regard to case', () => {
    expect(hasRole(['installer'], 'Installer')).toBe(true);
    expect(hasRole(['Operator'], 'Installer')).toBe(false);
  });
});
