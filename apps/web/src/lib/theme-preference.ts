export type ThemeMode = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'gridlens.theme';
/** The attribute on <body> that carries the theme (spec §4 Theme). */
export const THEME_ATTRIBUTE = 'data-theme';

/** The stored preference, else the system's. */
export function readInitialThemeMode(): ThemeMode {
  const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function storeThemeMode(mode: ThemeMode): void {
  window.localStorage.setItem(THEME_STORAGE_KEY, mode);
  document.body.setAttribute(THEME_ATTRIBUTE, mode);
}
