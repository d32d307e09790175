import { preloadScreenChunk } from './app/screen-chunks';
import { loadChunk } from './lib/chunk-load';

// The start-up, kept small: the screen at the address bar is asked for at once, then the app (the shell, fetched
// beside this file from index.html's preload links). On a cold load the two then arrive together instead of one
// after the other (docs/performance.md).
preloadScreenChunk(window.location.pathname);
await loadChunk(() => import('./start'));
