import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { useAppStore } from './app-store';

describe('the app store', () => {
  // Imported once window is stubbed: the store reads the window's width, storage and address when made.
  let store: typeof useAppStore;

  beforeAll(async () => {
    const storage = new Map<string, string>();
    vi.stubGlobal('window', {
      innerWidth: 1600,
      localStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => storage.set(key, value),
      },
      matchMedia: () => ({ matches: false }),
      location: new URL('http://localhost/report'),
    });
    store = (await import('./app-store')).useAppStore;
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('keeps its state when the same token refusal is reported again, and takes a different one', () => {
    const changes = vi.fn();
    const unsubscribe = store.subscribe(changes);
    store.getState().setTokenRefusal({ reason: 'audience', description: 'wrong audience' });
    expect(changes).toHaveBeenCalledTimes(1);
    const first = store.getState().tokenRefusal;
    store.getState().setTokenRefusal({ reason: 'audience', description: 'wrong audience' });
    expect(changes).toHaveBeenCalledTimes(1);
    expect(store.getState().tokenRefusal).toBe(first);
    store.getState().setTokenRefusal({ reason: 'issuer', description: 'wrong issuer' });
    expect(changes).toHaveBeenCalledTimes(2);
    expect(store.getState().tokenRefusal).toEqual({ reason: 'issuer', description: 'wrong issuer' });
    store.getState().setTokenRefusal(null);
    store.getState().setTokenRefusal(null);
    expect(changes).toHaveBeenCalledTimes(3);
    expect(store.getState().tokenRefusal).toBeNull();
    unsubscribe();
  });
});
