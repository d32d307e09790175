import { renderSession } from './render-session';

export type ThemeMode = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'gridlens.theme';
/** The attribute on <body> that carries the theme (spec §4 Theme). */
export const THEME_ATTRIBUTE = 'data-theme';

/** The stored preference, else the system's; a render session's report is printed on white paper: light. */
export function readInitialThemeMode(): ThemeMode {
  if (renderSession()) return 'light';
  const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Applies the theme and stores it; a render session leaves the browser's storage as it found it. */
export function storeThemeMode(mode: ThemeMode): void {
  if (!renderSession()) window.localStorage.setItem(THEME_STORAGE_KEY, mode);
  document.body.setAttribute(THEME_ATTRIBUTE, mode);
}
