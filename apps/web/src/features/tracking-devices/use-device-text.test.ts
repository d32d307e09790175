import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { CATALOGUES } from '@gridlens/i18n/catalogues';
import { I18NEXT_OPTIONS } from '@gridlens/i18n/i18next-options';
import { valueText } from './use-device-text';

async function translator(language: 'GA' | 'FR' | 'EN') {
  const tag = language.toLowerCase();
  const instance = i18next.createInstance();
  await instance.init({ ...I18NEXT_OPTIONS, lng: tag, resources: { [tag]: { translation: CATALOGUES[language] } } });
  return instance.t;
}

describe('valueText of a place category', () => {
  it('names a POI type as a label, capitalised, in the legend and the filters (not as the alerts’ adjective)', async () => {
    const ga = await translator('GA');
    expect(valueText(ga, 'position_category', 'Friendly')).toBe('Cairdiúil');
    expect(valueText(ga, 'position_category', 'Non-Friendly')).toBe('Neamhchairdiúil');
    const fr = await translator('FR');
    expect(valueText(fr, 'position_category', 'Non-Friendly')).toBe('Non ami');
  });
});
