import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECTION_CATALOGUE } from '@gridlens/domain/sections';
import { ALERT_EVENT_KINDS } from '@gridlens/contract/alerts';
import { POWER_ALERT_FIELDS } from '@gridlens/domain/alerts/power-alert-rules';
import { isLocationField, LOCATION_FIELDS, TRACKING_ALERT_FIELDS } from '@gridlens/domain/alerts/tracking-alert-rules';
import { LOCATION_TYPES, POSITION_CATEGORIES, TRACKER_TYPES } from '@gridlens/domain/tracking/enumerations';
import { CYCLE_PHASES } from '@gridlens/domain/tracking/cycles';
import { COVERAGE_LEVELS } from '@gridlens/domain/power/coverage';
import { HEALTH_INDICATORS } from '@gridlens/domain/thermal/health-indicators';
import { HEALTH_FIGURES } from '@gridlens/contract/load-analysis';
import { RUN_REASONS, RUN_STATUSES } from '@gridlens/contract/report-schedules';
import { WEATHER_SOURCES } from '@gridlens/contract/weather';
import { DEVICE_TEST_CHECKS, POSSIBLE_OUTCOMES } from '@gridlens/domain/power/device-test';
import { IMPORT_PROBLEM_CODES } from '@gridlens/domain/rollout/import';
import { CATALOGUES } from '@gridlens/i18n/catalogues';
import { flattenCatalogue, placeholdersOf } from '@gridlens/i18n/flatten-catalogue';
import { findKeyLiterals, findTranslationCalls } from '@gridlens/i18n/key-literals';
import { findUntranslatedJsx } from './find-untranslated-jsx';

const SRC = new URL('..', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const english = flattenCatalogue(CATALOGUES.EN);

describe('the web app’s texts', () => {
  it('every key the code refers to exists (section labels included)', () => {
    const namespaces = new Set([...english.keys()].map((key) => key.split('.')[0] ?? ''));
    const referenced = new Set(SECTION_CATALOGUE.map((s) => s.labelKey));
    for (const file of sourceFiles(SRC))
      for (const key of findKeyLiterals(file, readFileSync(file, 'utf8'), namespaces)) referenced.add(key);
    const missing = [...referenced].filter((key) => !english.has(key));
    expect(missing).toEqual([]);
    expect(referenced.size).toBeGreaterThan(50);
  });

  it('every translation call passes each value its text names (no "{{total}}" shown raw)', () => {
    const namespaces = new Set([...english.keys()].map((key) => key.split('.')[0] ?? ''));
    const unpassed = sourceFiles(SRC).flatMap((file) =>
      findTranslationCalls(file, readFileSync(file, 'utf8'), namespaces).flatMap(({ key, line, passed }) => {
        // Values passed through a variable or a spread cannot be read here; the calls that name them can.
        if (passed === undefined) return [];
        const missing = placeholdersOf(english.get(key) ?? '').filter((name) => !passed.includes(name));
        return missing.length > 0 ? [`${file.slice(SRC.length)}:${line} ${key} lacks ${missing.join(', ')}`] : [];
      }),
    );
    expect(unpassed).toEqual([]);
  });

  it('has a text for every key the screens build from domain values (template keys the scan cannot see)', () => {
    const built = [
      ...COVERAGE_LEVELS.map((level) => `coverage.levels.${level}`),
      ...['good', 'average', 'bad', 'unknown'].map((verdict) => `coverage.site.verdict.${verdict}`),
      ...DEVICE_TEST_CHECKS.flatMap((check) =>
        ['label', 'none', ...POSSIBLE_OUTCOMES[check]].map((part) => `coverage.deviceTest.checks.${check}.${part}`),
      ),
      ...['pass', 'warn', 'fail'].map((outcome) => `coverage.deviceTest.outcome.${outcome}`),
      ...['pass', 'warn', 'fail', 'none'].map((outcome) => `coverage.deviceTest.outcomeWord.${outcome}`),
      ...POWER_ALERT_FIELDS.map((field) => `alerts.fields.${field}`),
      ...ALERT_EVENT_KINDS.map((kind) => `alerts.events.${kind}`),
      ...TRACKING_ALERT_FIELDS.flatMap((field) => [`alerts.tracking.fieldNames.${field}`, `alerts.tracking.help.${field}`]),
      ...TRACKING_ALERT_FIELDS.filter((field) => !isLocationField(field)).map((field) => `alerts.tracking.fields.${field}`),
      ...LOCATION_FIELDS.map((field) => `alerts.tracking.${field}At`),
      ...LOCATION_TYPES.map((type) => `alerts.tracking.locationTypes.${type}`),
      ...TRACKER_TYPES.map((type) => `alerts.tracking.deviceTypes.${type}`),
      ...POSITION_CATEGORIES.map((category) => `trackingJourneys.poiReport.types.${category}`),
      ...POSITION_CATEGORIES.map((category) => `trackingDevices.positionCategories.${category}`),
      ...CYCLE_PHASES.map((phase) => `trackingJourneys.poiReport.phases.${phase}`),
      ...HEALTH_INDICATORS.map((kind) => `loadAnalysis.thermal.indicators.${kind}`),
      ...HEALTH_FIGURES.map((figure) => `loadAnalysis.thermal.figures.${figure}`),
      ...WEATHER_SOURCES.map((source) => `loadAnalysis.thermal.ambientSources.${source}`),
      ...['normal', 'thermally-upgraded'].map((paper) => `loadAnalysis.thermal.papers.${paper}`),
      ...RUN_STATUSES.map((status) => `reportSchedules.statuses.${status}`),
      ...RUN_REASONS.map((reason) => `reportSchedules.reasons.${reason}`),
      ...IMPORT_PROBLEM_CODES.map((code) => `rollout.files.problems.${code}`),
    ];
    expect(built.filter((key) => !english.has(key))).toEqual([]);
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
});
