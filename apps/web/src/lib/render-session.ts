import { normaliseLanguage, type Language } from '@gridlens/domain/language';

/**
 * A render session: the server's PDF renderer (report delivery) opening a report-style page in headless Chromium,
 * where nobody is there to sign in. The server puts a short-lived, read-only ticket (the API accepts it in place of a
 * signed-in user's token, for GET requests only), the tenant and the report's language in the address's fragment:
 *
 *   /report_fleet?week=2026-W47#render_ticket=<JWT>&tenant=fleetco&lang=FR
 *
 * A fragment is never sent to a server, so the ticket reaches no access log. The page reads it once at start-up,
 * keeps it in memory only and takes it out of the address at once (the ticket must not linger in the address bar or
 * the history); nothing of a render session is stored in the browser.
 */
export interface RenderSession {
  ticket: string;
  /** The Tenant header sent with the ticket; null when the fragment names none. */
  tenant: string | null;
  /** The report's language; one outside the five (or none) is EN, as a stored one would be. */
  language: Language;
}

const TICKET = 'render_ticket';

/** The render session a fragment (`#render_ticket=…&tenant=…&lang=…`) describes; null without a ticket. */
export function parseRenderFragment(hash: string): RenderSession | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const ticket = params.get(TICKET)?.trim();
  if (!ticket) return null;
  return {
    ticket,
    tenant: params.get('tenant')?.trim() || null,
    language: normaliseLanguage(params.get('lang')?.trim().toUpperCase()),
  };
}

type AddressBar = Pick<Location, 'hash' | 'pathname' | 'search'>;

/**
 * Reads the render session from the address and, when the fragment carries a ticket (even an empty one), replaces
 * the address with the same path and query without the fragment. Any other fragment is left as it is.
 */
export function takeRenderSession(location: AddressBar, history: Pick<History, 'state' | 'replaceState'>): RenderSession | null {
  const hash = location.hash; // read before the address changes under it
  if (!new URLSearchParams(hash.replace(/^#/, '')).has(TICKET)) return null;
  history.replaceState(history.state, '', location.pathname + location.search);
  return parseRenderFragment(hash);
}

let taken: { session: RenderSession | null } | null = null;

/**
 * This page load's render session, or null for a visitor (almost every page load). Read from the address at the
 * first call, which comes before the router starts (the app's start-up reads the language through it).
 */
export function renderSession(): RenderSession | null {
  taken ??= { session: takeRenderSession(window.location, window.history) };
  return taken.session;
}
