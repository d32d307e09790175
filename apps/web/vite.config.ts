import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// Relative, so that Vite bundles it into the config (the package's TypeScript is not loadable by Node itself).
import { API_PREFIX } from '../../packages/contract/src/route';

const serverUrl = process.env['GRIDLENS_SERVER_URL'] ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        silentRenew: fileURLToPath(new URL('./silent-renew.html', import.meta.url)),
      },
    },
  },
  // `npm run dev` in apps/web: the API, identity provider and client config come from the server, started with
  // PUBLIC_URL=http://localhost:5173. The Host header is kept (the string form would rewrite it to the server's),
  // so that the identity provider builds its sign-in URLs on this origin, where the browser is.
  server: {
    proxy: Object.fromEntries(
      [API_PREFIX, '/oidc', '/client-config.json', '/healthz', '/readyz', '/ingest'].map((path) => [
        path,
        { target: serverUrl, changeOrigin: false },
      ]),
    ),
  },
});
