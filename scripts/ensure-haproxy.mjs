// The many-processes test (apps/server/src/many-processes.test.ts) runs two portal processes behind HAProxy, on the
// PostgreSQL server that TEST_DATABASE_URL names. With that set and HAProxy missing: as root, install Debian's
// package; otherwise say what to install.
import { execSync, spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) process.exit(0);
const found = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].some((path) => spawnSync(path, ['-v']).status === 0);
if (found) process.exit(0);
if (process.getuid?.() !== 0) {
  console.error(
    'HAProxy not found: the many-processes test needs it with TEST_DATABASE_URL. Install it (Debian: sudo apt-get install haproxy).',
  );
  process.exit(1);
}
console.log('Installing HAProxy from Debian packages for the many-processes test…');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy', { stdio: 'inherit', shell: '/bin/bash' });
