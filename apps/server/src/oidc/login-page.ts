import { languageTag, normaliseLanguage, type Language } from '@gridlens/domain/language';
import { translatorFor, type Translate } from '@gridlens/i18n/translator';
import type { DemoUser } from './demo-users';

/**
 * The provider's pages in the language the web app asked for, as `ui_locales` ("fr", "ga", …); anything else
 * falls back to English. Their texts are the catalogue's `auth.signInPage`, beside the web app's own.
 */
export function signInPageText(uiLocales: unknown): { language: Language; t: Translate } {
  const first = typeof uiLocales === 'string' ? (uiLocales.split(/\s+/)[0] ?? '') : '';
  const language = normaliseLanguage(first.slice(0, 2).toUpperCase());
  return { language, t: translatorFor(language) };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
:root{color-scheme:light dark;--bg:#eef2f6;--card:#fff;--text:#1b2733;--muted:#5b6b7b;--accent:#0b6bcb;--err:#c62828;--line:#d5dde5}
@media (prefers-color-scheme:dark){:root{--bg:#0f1720;--card:#18222d;--text:#e6edf3;--muted:#9fb0c0;--accent:#5aa9ff;--err:#ff8a80;--line:#2b3845}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--text);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:min(500px,94vw);background:var(--card);border-radius:12px;box-shadow:0 6px 30px rgba(0,0,0,.12);padding:32px}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:20px}.brand svg{flex:none}
h1{font-size:22px;margin:18px 0 4px}.sub{color:var(--muted);margin:0 0 20px}
label{display:block;font-weight:600;margin:14px 0 6px}input{width:100%;padding:11px 12px;border:1px solid var(--line);border-radius:8px;background:transparent;color:var(--text);font-size:15px}
input:focus{outline:2px solid var(--accent);outline-offset:1px}
button{margin-top:22px;width:100%;padding:12px;border:0;border-radius:8px;background:var(--accent);color:#fff;font-size:15px;font-weight:600;cursor:pointer}
.error{color:var(--err);background:color-mix(in srgb,var(--err) 12%,transparent);padding:10px 12px;border-radius:8px;margin-top:16px}
details{margin-top:24px;border-top:1px solid var(--line);padding-top:14px;color:var(--muted)}summary{cursor:pointer;font-weight:600}
table{width:100%;border-collapse:collapse;margin-top:8px;font-size:13px}td{padding:4px 2px;border-bottom:1px solid var(--line)}code{font-size:12px;white-space:nowrap}a{color:var(--accent)}`;

const LOGO = `<svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#0b6bcb"/><path d="M17 5 9 18h6l-2 9 9-14h-6z" fill="#ffd54f"/></svg>`;

export function page(lang: string, title: string, body: string): string {
  return `<!doctype html><html lang="${escapeHtml(lang.toLowerCase())}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><link rel="icon" type="image/svg+xml" href="/favicon.svg"><style>${STYLE}</style></head><body><main><div class="brand">${LOGO}<span>Gridlens</span></div>${body}</main></body></html>`;
}

export interface LoginPageInput {
  language: string;
  t: Translate;
  action: string;
  email: string;
  /** What went wrong with the last attempt, shown above the button; null: nothing. */
  error: string | null;
  demoUsers: readonly DemoUser[];
}

export function renderLoginPage({ language, t, action, email, error, demoUsers }: LoginPageInput): string {
  const demoRows = demoUsers
    .map(
      (u) =>
        `<tr><td><code>${escapeHtml(u.email)}</code></td><td><code>${escapeHtml(u.password)}</code></td><td>${escapeHtml(u.name)}</td></tr>`,
    )
    .join('');
  const body = `<h1>${escapeHtml(t('auth.signInPage.title'))}</h1><p class="sub">${escapeHtml(t('auth.signInPage.subtitle'))}</p>
<form method="post" action="${escapeHtml(action)}" autocomplete="on">
<label for="email">${escapeHtml(t('auth.signInPage.email'))}</label><input id="email" name="email" type="email" required autofocus value="${escapeHtml(email)}" autocomplete="username">
<label for="password">${escapeHtml(t('auth.signInPage.password'))}</label><input id="password" name="password" type="password" required autocomplete="current-password">
${error === null ? '' : `<div class="error" role="alert">${escapeHtml(error)}</div>`}
<button type="submit">${escapeHtml(t('auth.signInPage.submit'))}</button></form>
${demoUsers.length ? `<details open><summary>${escapeHtml(t('auth.signInPage.demoUsers'))}</summary><p>${escapeHtml(t('auth.signInPage.demoHint'))}</p><table>${demoRows}</table></details>` : ''}`;
  return page(language, t('auth.signInPage.title'), body);
}

/** "in 5 minutes", in the page's language, for a Retry-After of so many seconds (whole minutes, rounded up). */
export function inMinutes(language: Language, seconds: number): string {
  return new Intl.RelativeTimeFormat(languageTag(language)).format(Math.max(1, Math.ceil(seconds / 60)), 'minute');
}

/** The short page answering a rate-limited start of sign-in (/oidc/auth). */
export function renderTooManyRequestsPage(language: Language, t: Translate, retryAfterSeconds: number): string {
  const title = t('auth.signInPage.tooManyRequestsTitle');
  return page(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1><p class="error" role="alert">${escapeHtml(t('auth.signInPage.tooManyRequests', { when: inMinutes(language, retryAfterSeconds) }))}</p><p><a href="/">${escapeHtml(t('auth.signInPage.backToPortal'))}</a></p>`,
  );
}
