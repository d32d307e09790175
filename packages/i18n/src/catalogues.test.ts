import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@gridlens/domain/language';
import { CATALOGUES } from './catalogues';
import { flattenCatalogue, placeholdersOf, type CatalogueTree } from './flatten-catalogue';

const english = flattenCatalogue(CATALOGUES.EN);
const others = LANGUAGES.filter((l) => l !== 'EN');

describe('the catalogue', () => {
  it.each(others)('%s has exactly the English keys, none empty, same placeholders', (code) => {
    const other = flattenCatalogue(CATALOGUES[code]);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of other) {
      expect(text.trim(), `${code} ${key} is empty`).not.toBe('');
      expect(placeholdersOf(text), `${code} ${key} placeholders`).toEqual(placeholdersOf(english.get(key) ?? ''));
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
      'config.fahrenheit',
      'assets.segmentLabel',
      'assets.filterChip',
      'assets.values.connection_type.P_L_T_E',
      'assetDetail.messageColumns.lqi',
      'powerQuality.health.h2',
      'powerQuality.images.uploadedBy',
      'coverage.levelCount',
      'figures.aged',
      'reportSchedules.formats.pdf',
      'reportSchedules.formats.csv',
      'reportSchedules.formats.xlsx',

      // The report's name and its period, nothing to translate between them.
      'reportDelivery.email.subject',
    ],
    GA: ['config.celsius'],
    FR: [
      'config.celsius',
      'config.organisation',
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
      'powerReadings.series.maxL1',
      'powerReadings.series.maxL2',
      'powerReadings.series.maxL3',
      'powerReadings.series.max',
      'assetDetail.messageColumns.maxL1',
      'assetDetail.messageColumns.maxL2',
      'assetDetail.messageColumns.maxL3',
      'powerQuality.events.phase',
      'powerQuality.images.types.installation',
      'powerQuality.images.types.site',
      'coverage.site.latitude',
      'coverage.site.longitude',
      'trackingLocations.fields.latitude',
      'trackingLocations.fields.longitude',
      'alerts.states.active',
      'alerts.columns.condition',
      'alerts.columns.action',
      'reportSchedules.columns.formats',
      'reportSchedules.columns.actions',
      'reportSchedules.fields.formats',
      'reportSchedules.runColumns.formats',
      'rollout.totals.sites',
      'rollout.columns.site',
      'rollout.columns.contact',
      'rollout.columns.actions',
      'rollout.columns.notes',
    ],
    ES: [
      'config.celsius',
      'pages.error',
      'errors.error',
      'config.roles',
      'assets.values.boolean.false',
      'assets.values.capacity_state.normal',
      'assets.values.imbalance_state.normal',
      'assets.values.power_change_state.normal',
      'powerQuality.health.statuses.1',
    ],
    PL: ['alerts.operator', 'rollout.columns.region', 'rollout.files.problem'],
  };
  it.each(others)('%s translates every text (none copied from English unless listed)', (code) => {
    const other = flattenCatalogue(CATALOGUES[code]);
    const allowed = new Set([...(SAME_AS_ENGLISH['ALL'] ?? []), ...(SAME_AS_ENGLISH[code] ?? [])]);
    const copied = [...other].filter(([key, text]) => text === english.get(key) && !allowed.has(key)).map(([key]) => key);
    expect(copied).toEqual([]);
  });
});

describe('one term, one translation', () => {
  /**
   * English texts that may read two ways in a language: "Field" names two things (a transformer's operating
   * mode, a rule's parameter); the others are adjectives that agree with different nouns (an alert is feminine
   * in French and Spanish, a device status masculine; a coverage level feminine, a missed-message level masculine).
   * A location's type is a label of its own in tables, forms and the map's legend ("Cairdiúil"), and an adjective
   * inside an alert rule's sentence, where it agrees with its noun ("aon láthair chairdiúil").
   */
  const MAY_DIFFER: Record<string, readonly string[]> = {
    ALL: ['field'],
    GA: ['friendly', 'non-friendly'],
    FR: ['active', 'good', 'average', 'bad', 'friendly', 'non-friendly'],
    ES: ['active', 'good', 'average', 'bad', 'unknown', 'friendly', 'non-friendly'],
    PL: ['active', 'unknown', 'friendly', 'non-friendly'],
  };

  /** For each English text, the different ways a language translates it, where there is more than one. */
  const termsTranslatedTwoWays = (code: Language, catalogue: CatalogueTree = CATALOGUES[code]) => {
    const other = flattenCatalogue(catalogue);
    const allowed = new Set([...(MAY_DIFFER['ALL'] ?? []), ...(MAY_DIFFER[code] ?? [])]);
    const ways = new Map<string, Set<string>>();
    for (const [key, text] of english) {
      const term = text.trim().toLowerCase();
      if (!allowed.has(term)) ways.set(term, (ways.get(term) ?? new Set()).add(other.get(key) ?? ''));
    }
    return [...ways].filter(([, translations]) => translations.size > 1).map(([term, translations]) => [term, [...translations]]);
  };

  it.each(others)('%s translates each English text the same way wherever it appears', (code) => {
    expect(termsTranslatedTwoWays(code)).toEqual([]);
  });

  it('finds a term translated two ways', () => {
    const planted = structuredClone(CATALOGUES.PL);
    planted.issueFlags.HasMissedMessages = 'Utracone komunikaty';
    expect(termsTranslatedTwoWays('PL', planted)).toEqual([['missed messages', ['Brakujące komunikaty', 'Utracone komunikaty']]]);
  });

  /** French sets the typographic apostrophe (l’appareil), English and Irish the straight one (device's, d'fhéadfaí). */
  const OTHER_APOSTROPHE = [
    ['EN', /\w’\w/u],
    ['GA', /\w’\w/u],
    ['FR', /\w'\w/u],
  ] as const;
  it.each(OTHER_APOSTROPHE)('%s writes the apostrophe one way, so that a term is not spelt two ways', (code, other) => {
    const offenders = [...flattenCatalogue(CATALOGUES[code])].filter(([, text]) => other.test(text)).map(([key]) => key);
    expect(offenders).toEqual([]);
  });
});

describe('labels', () => {
  /** Texts shown on their own (a table cell, a chip of the map's legend, a choice in a form), not inside a sentence. */
  const LABEL_GROUPS = ['trackingLocations.types.', 'trackingJourneys.poiReport.types.', 'trackingDevices.positionCategories.'];
  it.each(LANGUAGES)('%s writes the location types shown on their own with a capital letter', (code) => {
    const texts = [...flattenCatalogue(CATALOGUES[code])].filter(([key]) => LABEL_GROUPS.some((group) => key.startsWith(group)));
    expect(texts.length).toBeGreaterThanOrEqual(10);
    const lower = texts.filter(([, text]) => text.charAt(0) !== text.charAt(0).toLocaleUpperCase(code.toLowerCase())).map(([key]) => key);
    expect(lower).toEqual([]);
  });
});

describe('flattenCatalogue and placeholdersOf', () => {
  it('names each text by its full key and lists its placeholders sorted, spaces allowed', () => {
    expect([...flattenCatalogue({ a: { b: 'x', c: { d: 'y' } }, e: 'z' })]).toEqual([
      ['a.b', 'x'],
      ['a.c.d', 'y'],
      ['e', 'z'],
    ]);
    expect(placeholdersOf('{{to}} from {{ from }}, {{to}}')).toEqual(['from', 'to', 'to']);
  });
});
