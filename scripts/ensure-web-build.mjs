// The report delivery's PDF test prints the real report pages of the built web app: build it when it is missing.
// (npm test's browser tests build it again, so a full run always checks the web app as it is now.)
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../apps/web/dist/index.html', import.meta.url))) {
  console.log('Building the web app for the report PDF test…');
  execSync('npm run build', { stdio: 'inherit' });
}
