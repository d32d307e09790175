import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@gridlens/domain/language';
import { SECTION_CATALOGUE } from '@gridlens/domain/sections';
import { ALERT_EVENT_KINDS } from '@gridlens/contract/alerts';
import { POWER_ALERT_FIELDS } from '@gridlens/domain/alerts/power-alert-rules';
import { isLocationField, LOCATION_FIELDS, TRACKING_ALERT_FIELDS } from '@gridlens/domain/alerts/tracking-alert-rules';
import { LOCATION_TYPES, TRACKER_TYPES } from '@gridlens/domain/tracking/enumerations';
import { COVERAGE_LEVELS } from '@gridlens/domain/power/coverage';
import { DEVICE_TEST_CHECKS, POSSIBLE_OUTCOMES } from '@gridlens/domain/power/device-test';
import { findKeyLiterals, findUntranslatedJsx } from './find-untranslated-jsx';

const SRC = new URL('..', import.meta.url).pathname;
const LOCALES = new URL('./locales/', import.meta.url).pathname;

type Tree = { [key: string]: string | Tree };
const load = (code: string) => JSON.parse(readFileSync(join(LOCALES, `${code.toLowerCase()}.json`), 'utf8')) as Tree;
const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
};
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const english = flatten(load('EN'));

describe('translations', () => {
  it.each(LANGUAGES.filter((l) => l !== 'EN'))('%s has exactly the English keys, none empty, same placeholders', (code) => {
    const other = flatten(load(code));
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of other) {
      expect(text.trim(), `${code} ${key} is empty`).not.toBe('');
      expect(placeholders(text), `${code} ${key} placeholders`).toEqual(placeholders(english.get(key) ?? ''));
    }
  });

  /**
   * A text left in English is the usual way a translation goes missing. These are the same in both languages
   * on purpose: the product's name, languages named in their own language, units, and words spelled alike.
   */
  const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
    ALL: [
      'app.name',
      'languages.EN',
      'languages.GA',
      'languages.FR',
      'languages.ES',
      'languages.PL',
      'profile.fahrenheit',
      'assets.segmentLabel',
      'assets.filterChip',
      'assets.values.connection_type.P_L_T_E',
      'assetDetail.messageColumns.lqi',
      'assetDetail.health.h2',
      'assetDetail.images.uploadedBy',
      'coverage.levelCount',
    ],
    GA: ['profile.celsius'],
    FR: [
      'profile.celsius',
      'profile.organisation',
      'assets.charts.communication',
      'assets.columns.communication_state',
      'assets.columns.message_count',
      'assets.columns.latitude',
      'assets.columns.longitude',
      'assets.values.capacity_state.normal',
      'assets.values.imbalance_state.normal',
      'assets.values.power_change_state.normal',
      'assetDetail.tabs.messages',
      'assetDetail.messagesTitle',
      'assetDetail.series.maxL1',
      'assetDetail.series.maxL2',
      'assetDetail.series.maxL3',
      'assetDetail.series.max',
      'assetDetail.messageColumns.maxL1',
      'assetDetail.messageColumns.maxL2',
      'assetDetail.messageColumns.maxL3',
      'assetDetail.events.phase',
      'assetDetail.images.types.installation',
      'assetDetail.images.types.site',
      'coverage.site.latitude',
      'coverage.site.longitude',
      'alerts.states.active',
      'alerts.columns.condition',
      'alerts.columns.action',
    ],
    ES: [
      'profile.celsius',
      'pages.error',
      'errors.error',
      'profile.roles',
      'assets.values.boolean.false',
      'assets.values.capacity_state.normal',
      'assets.values.imbalance_state.normal',
      'assets.values.power_change_state.normal',
      'assetDetail.health.statuses.1',
    ],
    PL: ['alerts.operator'],
  };
  it.each(LANGUAGES.filter((l) => l !== 'EN'))('%s translates every text (none copied from English unless listed)', (code) => {
    const other = flatten(load(code));
    const allowed = new Set([...(SAME_AS_ENGLISH['ALL'] ?? []), ...(SAME_AS_ENGLISH[code] ?? [])]);
    const copied = [...other].filter(([key, text]) => text === english.get(key) && !allowed.has(key)).map(([key]) => key);
    expect(copied).toEqual([]);
  });

  it('every key the code refers to exists (section labels included)', () => {
    const namespaces = new Set([...english.keys()].map((key) => key.split('.')[0] ?? ''));
    const referenced = new Set(SECTION_CATALOGUE.map((s) => s.labelKey));
    for (const file of sourceFiles(SRC))
      for (const key of findKeyLiterals(file, readFileSync(file, 'utf8'), namespaces)) referenced.add(key);
    const missing = [...referenced].filter((key) => !english.has(key));
    expect(missing).toEqual([]);
    expect(referenced.size).toBeGreaterThan(50);
  });

  it('no JSX text or user-visible attribute bypasses translation', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => file.endsWith('.tsx'))
      .flatMap((file) =>
        findUntranslatedJsx(file, readFileSync(file, 'utf8')).map((hit) => `${file.slice(SRC.length)}:${hit.line} "${hit.text}"`),
      );
    expect(offenders).toEqual([]);
  });
});

describe('the untranslated-JSX detector', () => {
  it('flags literal text, visible attributes and string children, and accepts translated ones', () => {
    const source = `
      const A = () => <p>Hello there</p>;
      const B = () => <input placeholder="Search" aria-label={'Find'} />;
      const C = () => <span>{'Literal child'}</span>;
      const D = () => <p title={t('x.y')}>{t('x.z')} · 42 %</p>;
      const E = () => <img alt="" data-testid="logo" />;`;
    expect(findUntranslatedJsx('fixture.tsx', source).map((hit) => hit.text)).toEqual(['Hello there', 'Search', 'Find', 'Literal child']);
  });

  it('finds key-shaped literals only in known namespaces', () => {
    const source = `t('profile.save'); const k = 'sections.assets'; fetch('/x/y'); const v = 'other.thing'; const f = 'file.ts';`;
    expect(findKeyLiterals('fixture.ts', source, new Set(['profile', 'sections']))).toEqual(['profile.save', 'sections.assets']);
  });

  it('has a text for every key the screens build from domain values (template keys the scan cannot see)', () => {
    const built = [
      ...COVERAGE_LEVELS.map((level) => `coverage.levels.${level}`),
      ...['good', 'average', 'bad', 'unknown'].map((verdict) => `coverage.site.verdict.${verdict}`),
      ...DEVICE_TEST_CHECKS.flatMap((check) =>
        ['label', 'none', ...POSSIBLE_OUTCOMES[check]].map((part) => `deviceTest.checks.${check}.${part}`),
      ),
      ...['pass', 'warn', 'fail'].map((outcome) => `deviceTest.outcome.${outcome}`),
      ...['pass', 'warn', 'fail', 'none'].map((outcome) => `deviceTest.outcomeWord.${outcome}`),
      ...POWER_ALERT_FIELDS.map((field) => `alerts.fields.${field}`),
      ...ALERT_EVENT_KINDS.map((kind) => `alerts.events.${kind}`),
      ...TRACKING_ALERT_FIELDS.flatMap((field) => [`alerts.tracking.fieldNames.${field}`, `alerts.tracking.help.${field}`]),
      ...TRACKING_ALERT_FIELDS.filter((field) => !isLocationField(field)).map((field) => `alerts.tracking.fields.${field}`),
      ...LOCATION_FIELDS.map((field) => `alerts.tracking.${field}At`),
      ...LOCATION_TYPES.map((type) => `alerts.tracking.locationTypes.${type}`),
      ...TRACKER_TYPES.map((type) => `alerts.tracking.deviceTypes.${type}`),
    ];
    expect(built.filter((key) => !english.has(key))).toEqual([]);
  });
});
