/**
 * Where a claim sits inside a token's payload, written as the operator configures it (OIDC_ROLES_CLAIM):
 * - `roles`: a top-level claim;
 * - `realm_access.roles`: dots step into objects (Keycloak's realm roles);
 * - `https://example.com/roles`: a value that starts with a URL scheme (`https://`, `http://`, `urn:` …) is one
 *   claim name whole, dots and slashes included (Auth0's namespaced claims, the portal's own default), and may
 *   hold no bracket or quote;
 * - `["https://example.com/app"].roles`, `resource_access["my.client"].roles`: a name in brackets and double
 *   quotes is taken as written, for a name with dots that is not (or not only) a whole URL.
 * Inside brackets, `\"` and `\\` stand for a quote and a backslash.
 */
export type ClaimPath = readonly string[];

/** A scheme such as `https:` or `urn:` at the very start: the whole value is one claim name. */
const URI_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The path's steps, or null when it is not written as described above (an empty step, an open bracket …). */
export function parseClaimPath(text: string): ClaimPath | null {
  if (text.trim() !== text || text === '') return null;
  // A URL-like name is whole; to step inside it, bracket it (then it no longer starts with its scheme).
  if (URI_SCHEME.test(text)) return /[[\]"]/.test(text) ? null : [text];
  const steps: string[] = [];
  let at = 0;
  while (at < text.length) {
    if (text.startsWith('["', at)) {
      const quoted = /^\["((?:[^"\\]|\\["\\])*)"\]/.exec(text.slice(at));
      if (!quoted?.[1]) return null;
      steps.push(quoted[1].replace(/\\(["\\])/g, '$1'));
      at += quoted[0].length;
    } else {
      const plain = /^[^.[\]"]+/.exec(text.slice(at));
      if (!plain) return null;
      steps.push(plain[0]);
      at += plain[0].length;
    }
    if (at === text.length) break;
    // Between steps: a dot, or straight into a bracketed step.
    if (text[at] === '.') {
      at += 1;
      if (at === text.length) return null; // a trailing dot
    } else if (!text.startsWith('["', at)) return null;
  }
  return steps;
}

/**
 * The path written back as parseClaimPath reads it: plain steps joined by dots, a step that holds a dot, bracket or
 * quote (or, first, looks like a URL) in brackets and quotes. For messages and the web app's configuration.
 */
export function claimPathText(path: ClaimPath): string {
  const [only] = path;
  // A URL-named claim alone reads whole, as parseClaimPath takes it.
  if (path.length === 1 && only !== undefined && URI_SCHEME.test(only) && !/[[\]"]/.test(only)) return only;
  return path
    .map((step, index) => {
      if (/^[^.[\]"\\]+$/.test(step) && !(index === 0 && URI_SCHEME.test(step))) return index === 0 ? step : `.${step}`;
      return `["${step.replace(/(["\\])/g, '\\$1')}"]`;
    })
    .join('');
}

/** The value at `path` inside `payload`; undefined when a step is missing or not an object. */
export function readClaim(payload: Readonly<Record<string, unknown>>, path: ClaimPath): unknown {
  let value: unknown = payload;
  for (const step of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    if (!Object.hasOwn(value, step)) return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/** `claims` with `value` put at `path`, objects on the way made or merged (for a provider that issues the claim). */
export function withClaim(claims: Readonly<Record<string, unknown>>, path: ClaimPath, value: unknown): Record<string, unknown> {
  const [step, ...rest] = path;
  if (step === undefined) return { ...claims };
  if (rest.length === 0) return { ...claims, [step]: value };
  const inner = claims[step];
  const base = typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {};
  return { ...claims, [step]: withClaim(base, rest, value) };
}
