import { create } from 'zustand';
import { isNavigationWide } from './navigation-width';
import { initialLanguage } from './language-preference';
import { readInitialThemeMode, type ThemeMode } from './theme-preference';
import type { Language } from '@gridlens/domain/language';
import { sameRefusal, type TokenRefusal } from './token-refusal';

/** App-wide UI state only (conventions §3); server data lives in TanStack Query. */
interface AppState {
  language: Language;
  themeMode: ThemeMode;
  navigationExpanded: boolean;
  searchText: string;
  /** Spec §3 shared state "selected customer": the customer whose sites narrow every tracking screen; null for all. */
  selectedCustomer: string | null;
  snackbar: { message: string; id: number } | null;
  pendingRequests: number;
  signInError: string | null;
  /** The API refused the user's token for a set-up fault: the app says so instead of showing screens that cannot load. */
  tokenRefusal: TokenRefusal | null;
  setThemeMode: (mode: ThemeMode) => void;
  setNavigationExpanded: (expanded: boolean) => void;
  setSearchText: (text: string) => void;
  setSelectedCustomer: (customerId: string | null) => void;
  showSnackbar: (message: string) => void;
  closeSnackbar: () => void;
  requestStarted: () => void;
  requestFinished: () => void;
  setSignInError: (message: string | null) => void;
  setTokenRefusal: (refusal: TokenRefusal | null) => void;
}

export const useAppStore = create<AppState>()((set) => ({
  language: initialLanguage(),
  themeMode: readInitialThemeMode(),
  navigationExpanded: isNavigationWide(window.innerWidth),
  searchText: '',
  selectedCustomer: null,
  snackbar: null,
  pendingRequests: 0,
  signInError: null,
  tokenRefusal: null,
  setThemeMode: (themeMode) => set({ themeMode }),
  setNavigationExpanded: (navigationExpanded) => set({ navigationExpanded }),
  setSearchText: (searchText) => set({ searchText }),
  setSelectedCustomer: (selectedCustomer) => set({ selectedCustomer }),
  showSnackbar: (message) => set({ snackbar: { message, id: Date.now() } }),
  closeSnackbar: () => set({ snackbar: null }),
  requestStarted: () => set((s) => ({ pendingRequests: s.pendingRequests + 1 })),
  requestFinished: () => set((s) => ({ pendingRequests: Math.max(0, s.pendingRequests - 1) })),
  setSignInError: (signInError) => set({ signInError }),
  // Every request the refused token makes reports the refusal again: the same one leaves the state (and the screens
  // that read it) as they are.
  setTokenRefusal: (tokenRefusal) => set((s) => (sameRefusal(s.tokenRefusal, tokenRefusal) ? s : { tokenRefusal })),
}));
