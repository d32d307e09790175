import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { screenChunks, screenPathAt } from './screen-chunks';

// The route table's modules read stored preferences (and the address, for a render session) as they load: an empty
// store and a plain address, as a new browser has.
const store = new Map<string, string>();
const localStorage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
};
vi.stubGlobal('window', {
  localStorage,
  location: new URL('http://localhost/'),
  matchMedia: () => ({ matches: false, addEventListener: () => undefined }),
});
const { routes } = await import('./routes');

/** Every route that shows a screen, with the path it is matched at ('/' for the index route). */
function screenRoutes(tree: RouteObject[]): string[] {
  return tree.flatMap((route) => [...(route.lazy ? [route.index ? '/' : (route.path ?? '')] : []), ...screenRoutes(route.children ?? [])]);
}

/** An address the route's path matches: each `:name` a value with a dot in it, `*` a path no route has. */
const addressOf = (path: string) => (path === '*' ? '/no/such/Page' : path.replace(/:\w+/g, (name) => `${name.slice(1)}.7`));

/** The path of the deepest route the router matches at `pathname`. */
function routerPathAt(pathname: string): string | undefined {
  const deepest = matchRoutes(routes, pathname)?.at(-1)?.route;
  return deepest?.index ? '/' : deepest?.path;
}

describe('the screen chunks the start-up asks for', () => {
  const paths = screenRoutes(routes);

  it('are the router’s own: every screen route takes its chunk from the table, and the table has no other entry', () => {
    expect(paths.length).toBeGreaterThan(20);
    expect([...paths].sort()).toEqual(Object.keys(screenChunks).sort());
  });

  it.each(paths)('at %s, are the chunk of the screen the router shows, whatever the case and a trailing slash', (path) => {
    for (const address of [addressOf(path), addressOf(path).toUpperCase(), `${addressOf(path)}/`]) {
      expect(screenPathAt(address)).toBe(routerPathAt(address));
    }
  });

  it('are the not-found screen’s where no route matches, one segment more or less included', () => {
    for (const address of ['/assets/extra', '/asset', '/journey/a/b', '/nowhere']) {
      expect(routerPathAt(address)).toBe('*');
      expect(screenPathAt(address)).toBe('*');
    }
  });
});
