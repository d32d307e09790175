import { closeSync, openSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/** Opening an embedded database another live process holds: PGlite itself would open it and the two would corrupt it. */
export class PgliteInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (the server, or another command): PGlite can be ` +
        'opened by one process at a time. Stop that process and try again, or use PostgreSQL (DATABASE_URL) to share one database.',
    );
    this.name = 'PgliteInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dataDir>.lock` for this process (its pid inside), refusing with PgliteInUseError while a live process other
 * than this one holds it. A lock left by a process that died (or by an earlier life of this pid, as a container's
 * pid 1 after a restart) is taken over. Returns the release, which removes the lock if it is still this process's.
 */
export function lockPgliteDataDir(dataDir: string): () => void {
  const path = `${dataDir}.lock`;
  const mine = String(process.pid);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeFileSync(fd, mine);
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) throw new PgliteInUseError(dataDir, holder);
      unlinkSync(path);
    }
  }
  return () => {
    try {
      if (readFileSync(path, 'utf8').trim() === mine) unlinkSync(path);
    } catch {
      // Already gone: nothing to release.
    }
  };
}
