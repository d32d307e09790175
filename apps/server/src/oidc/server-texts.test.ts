import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@gridlens/domain/language';
import { CATALOGUES } from '@gridlens/i18n/catalogues';
import { flattenCatalogue, placeholdersOf } from '@gridlens/i18n/flatten-catalogue';
import { findKeyLiterals, findTranslationCalls } from '@gridlens/i18n/key-literals';
import { DEMO_USERS } from './demo-users';
import { renderLoginPage, signInPageText } from './login-page';

const SRC = new URL('../', import.meta.url).pathname;
const english = flattenCatalogue(CATALOGUES.EN);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    // The server's code, not its tests (which name keys and namespaces to check them).
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the server’s texts', () => {
  it('every key the server’s code refers to exists in the catalogue, and its own namespaces hold nothing else', () => {
    const namespaces = new Set([...english.keys()].map((key) => key.split('.')[0] ?? ''));
    const referenced = new Set(sourceFiles(SRC).flatMap((file) => findKeyLiterals(file, readFileSync(file, 'utf8'), namespaces)));
    expect([...referenced].filter((key) => !english.has(key))).toEqual([]);
    // The server's own namespaces hold exactly what it uses: none forgotten in the catalogue, none left unused.
    for (const own of ['alerts.email.', 'auth.signInPage.', 'reportDelivery.email.', 'reportDelivery.sheets.', 'reportDelivery.columns.']) {
      const used = [...referenced].filter((key) => key.startsWith(own)).sort();
      expect(used).toEqual([...english.keys()].filter((key) => key.startsWith(own)).sort());
      expect(used.length).toBeGreaterThan(5);
    }
  });

  it('every translation call passes each value its text names', () => {
    const namespaces = new Set([...english.keys()].map((key) => key.split('.')[0] ?? ''));
    const unpassed = sourceFiles(SRC).flatMap((file) =>
      findTranslationCalls(file, readFileSync(file, 'utf8'), namespaces).flatMap(({ key, line, passed }) => {
        const missing = passed === undefined ? [] : placeholdersOf(english.get(key) ?? '').filter((name) => !passed.includes(name));
        return missing.length > 0 ? [`${file.slice(SRC.length)}:${line} ${key} lacks ${missing.join(', ')}`] : [];
      }),
    );
    expect(unpassed).toEqual([]);
  });

  it('the sign-in page takes the first language the portal asks for, and English for any other', () => {
    expect(signInPageText('fr ga').language).toBe('FR');
    expect(signInPageText('pl-PL').language).toBe('PL');
    expect(signInPageText('de').language).toBe('EN');
    expect(signInPageText(undefined).language).toBe('EN');
    expect(signInPageText('ga').t('auth.signInPage.submit')).toBe('Sínigh isteach');
  });

  it.each(LANGUAGES)('the sign-in page in %s shows the catalogue’s texts, escaped', (language) => {
    const texts = CATALOGUES[language].auth.signInPage;
    const escaped = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const { t } = signInPageText(language);
    const html = renderLoginPage({
      language,
      t,
      action: '/login',
      email: '',
      error: t('auth.signInPage.invalid'),
      demoUsers: DEMO_USERS,
    });
    expect(html).toContain(`<html lang="${language.toLowerCase()}">`);
    for (const key of ['title', 'subtitle', 'email', 'password', 'submit', 'invalid', 'demoUsers', 'demoHint'] as const)
      expect(html, key).toContain(escaped(texts[key]));
  });
});
