import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@gridlens/domain/language';
import { CATALOGUES } from './catalogues';
import { flattenCatalogue, placeholdersOf } from './flatten-catalogue';

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
  it.each(others)('%s translates every text (none copied from English unless listed)', (code) => {
    const other = flattenCatalogue(CATALOGUES[code]);
    const allowed = new Set([...(SAME_AS_ENGLISH['ALL'] ?? []), ...(SAME_AS_ENGLISH[code] ?? [])]);
    const copied = [...other].filter(([key, text]) => text === english.get(key) && !allowed.has(key)).map(([key]) => key);
    expect(copied).toEqual([]);
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
