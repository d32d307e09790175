import { clientConfigRoutes } from '@gridlens/contract/routes/client-config';
import type { ClientConfig } from '@gridlens/contract/client-config';
import { openEarlyStart } from './lib/api/early-answers';
import { isSignInCallback, sendEarlyRequests, storedSession } from './lib/api/early-requests';
import { preloadScreenCodeEarly } from './lib/early-screen-code';

// A few hundred bytes that index.html runs before the shell has arrived (vite.config.ts: earlyStartScript). On a
// slow network the shell takes over a second to download; a user still signed in from before has their settings
// and first screen's data asked for meanwhile, and the API client takes the answers over (lib/api/early-answers.ts);
// the first screen's code is fetched meanwhile as well (lib/early-screen-code.ts).

const start = openEarlyStart();
if (start) {
  start.clientConfig = fetch(clientConfigRoutes.get.path, { headers: { accept: 'application/json' } }).then((response) => {
    if (!response.ok) throw new Error(`client-config.json answered ${response.status}`);
    return response.json() as Promise<unknown>;
  });
  start.clientConfig
    .then((config) => {
      if (isSignInCallback(window.location.search)) return;
      const session = storedSession(window.localStorage, config as ClientConfig, Date.now() / 1000);
      if (!session) return; // signed out: the sign-in page comes next, not the screen
      start.answers.push(...sendEarlyRequests(session, window.location.pathname, fetch, performance.now()));
      preloadScreenCodeEarly(document, window.location.pathname);
    })
    .catch(() => undefined); // the app fetches the configuration itself and reports a failure
}
