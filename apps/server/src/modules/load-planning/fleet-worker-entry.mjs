// The fleet analysis thread's entry: the server runs TypeScript through tsx (in development, tests and `npm run
// serve`), and a worker thread starts without the parent's loader under Vitest, so it registers tsx itself, in a
// namespace of its own so that it never clashes with a loader the thread inherited.
import { register } from 'tsx/esm/api';

const api = register({ namespace: 'fleet-analysis' });
await api.import('./fleet-worker.ts', import.meta.url);
