// The app itself, loaded by main.tsx once it has asked for the screen's chunk (app/screen-chunks.ts).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { fetchClientConfig } from './lib/api/client-config';
import { loadChunk } from './lib/chunk-load';
import { initI18n } from './lib/i18n';
import { provideDigestOutsideSecureContexts } from './lib/insecure-context-digest';
import { initialLanguage } from './lib/language-preference';
import { readInitialThemeMode, THEME_ATTRIBUTE } from './lib/theme-preference';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
// Set before the first paint so a dark-theme user never sees a light flash.
document.body.setAttribute(THEME_ATTRIBUTE, readInitialThemeMode());

// A render session's language (the server's PDF renderer) wins over the stored one for this page load.
const language = initialLanguage();
const [config] = await Promise.all([fetchClientConfig().catch(() => null), initI18n(language), provideDigestOutsideSecureContexts()]);
const root = createRoot(rootElement);
if (config)
  root.render(
    <StrictMode>
      <App config={config} language={language} />
    </StrictMode>,
  );
else {
  const { StartupFailure } = await loadChunk(() => import('./app/startup-failure'));
  root.render(
    <StrictMode>
      <StartupFailure />
    </StrictMode>,
  );
}
