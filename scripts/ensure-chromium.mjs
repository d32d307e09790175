// Browser tests and the PDF renderer's tests need Debian's Chromium (Playwright's own browser download is not available here).
// On a fresh machine, as root, install it; otherwise explain what is missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);
if (process.getuid?.() !== 0) {
  console.error(`Chromium not found at ${CHROMIUM}. Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
console.log('Installing Chromium from Debian packages for the browser tests…');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit', shell: '/bin/bash' });
