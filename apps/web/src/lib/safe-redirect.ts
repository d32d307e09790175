/** Only same-site paths: "/x" yes, "//evil.example" and "https://…" no. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** The pages that already say the user lacks access: a refused request there must not send them on again. */
const ACCESS_PAGES = ['/error', '/accessdenied'];

/**
 * Where a refused request (403) sends the user: /error, with the page they were on to return to (and
 * `reason=unknown_tenant` when the API said the user's organisation is not set up). Null when
 * they are on an access page already, so that the other refused requests of the same page (each screen asks
 * several) do not wrap the address again and again (/error?redirect=/error?redirect=/profile).
 */
export function forbiddenRedirect(currentPath: string, code?: string): string | null {
  const pathname = currentPath.split(/[?#]/, 1)[0] ?? '';
  if (ACCESS_PAGES.includes(pathname)) return null;
  const reason = code === UNKNOWN_TENANT ? `&reason=${UNKNOWN_TENANT}` : '';
  return `/error?redirect=${encodeURIComponent(currentPath)}${reason}`;
}

/** The API's code for a user whose organisation (tenant) is not set up: /error then says so instead of "limited access". */
export const UNKNOWN_TENANT = 'unknown_tenant';
