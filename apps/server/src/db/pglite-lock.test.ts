import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockPgliteDataDir, PgliteInUseError } from './pglite-lock';

describe('lockPgliteDataDir', () => {
  let dir: string;
  let dataDir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pglite-lock-'));
    dataDir = join(dir, 'pglite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the lock with this process’s id and removes it on release', () => {
    const release = lockPgliteDataDir(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('refuses while another live process holds it, naming that process', () => {
    // The parent of this test process is alive for as long as the test runs.
    writeFileSync(`${dataDir}.lock`, String(process.ppid));
    expect(() => lockPgliteDataDir(dataDir)).toThrow(PgliteInUseError);
    expect(() => lockPgliteDataDir(dataDir)).toThrow(`in use by process ${process.ppid}`);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that is gone, or by an earlier life of this pid', () => {
    writeFileSync(`${dataDir}.lock`, '2147483646');
    lockPgliteDataDir(dataDir)();
    writeFileSync(`${dataDir}.lock`, String(process.pid));
    const release = lockPgliteDataDir(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('leaves a lock another process has taken since', () => {
    const release = lockPgliteDataDir(dataDir);
    writeFileSync(`${dataDir}.lock`, String(process.ppid));
    release();
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.ppid));
  });
});
