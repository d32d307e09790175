import { describe, expect, it } from 'vitest';
import { isInstallerOnly } from './roles';

describe('isInstallerOnly', () => {
  it('is true when Installer is the only role', () => {
    expect(isInstallerOnly(['Installer'])).toBe(true);
  });

  it('is true when Installer is listed more than once and nothing else', () => {
    expect(isInstallerOnly(['Installer', 'Installer'])).toBe(true);
  });

  it('is false when the user also has another role', () => {
    expect(isInstallerOnly(['Installer', 'Operator'])).toBe(false);
    expect(isInstallerOnly(['Operator', 'Installer'])).toBe(false);
  });

  it('is false for other roles alone', () => {
    expect(isInstallerOnly(['Operator'])).toBe(false);
  });

  it('is false without roles', () => {
    expect(isInstallerOnly([])).toBe(false);
  });
});
