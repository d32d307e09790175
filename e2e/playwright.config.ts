import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env['E2E_PORT'] ?? 3100);
export const BASE_URL = `http://localhost:${E2E_PORT}`;
const dataDir = `/tmp/gridlens-e2e-${process.pid}`;

/** Real server (embedded identity provider, PGlite in a throw-away folder) and Debian's Chromium, headless. */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1600, height: 900 },
    trace: 'off',
  },
  webServer: {
    command: `rm -rf ${dataDir} && npx tsx ../apps/server/src/server.ts`,
    url: `${BASE_URL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    // One day of demo history keeps start-up to seconds while every screen has data.
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '../apps/web/dist',
      LOG_LEVEL: 'warn',
      // No PUBLIC_URL: like a trial, the portal answers (and signs in) at every address of this machine, which
      // sign-in-address.spec.ts tries. PUBLIC_URL's redirect is covered by the server's own tests.
      DEMO_HISTORY_DAYS: '1',
      // FleetCo's history: three days give every tracking screen journeys, visits and repeated stops to show.
      DEMO_TRACKING_HISTORY_DAYS: '3',
      // The suite signs the same demo users in from one address far more often than the default 20 in 5 minutes.
      SIGN_IN_ATTEMPTS_PER_5_MIN: '500',
      SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_5_MIN: '2000',
      // The embedded MQTT broker on a free port, so that runs side by side (and a running portal) do not clash.
      MQTT_PORT: '0',
      // Every fresh browser context starts a sign-in (/oidc/auth) from this one address.
      SIGN_IN_STARTS_PER_ADDRESS_PER_5_MIN: '5000',
    },
  },
});
