import { describe, expect, it } from 'vitest';
import { DEFAULT_EV_MODEL_NAME, DEFAULT_HP_MODEL_NAME } from '@gridlens/domain/load-models/model-defaults';
import type { Language } from '@gridlens/domain/language';
import { translatorFor } from '@gridlens/i18n/translator';
import { modelName, storedName } from './model-name';

const tIn = (language: Language) => (key: string) => translatorFor(language)(key);

describe('model names', () => {
  it('show the seeded models’ names in the user’s language', () => {
    expect(modelName(tIn('FR'), 'ev', DEFAULT_EV_MODEL_NAME)).toBe('Modèle VE par défaut');
    expect(modelName(tIn('PL'), 'hp', DEFAULT_HP_MODEL_NAME)).toBe('Domyślny model pomp ciepła');
    expect(modelName(tIn('GA'), 'ev', DEFAULT_EV_MODEL_NAME)).toBe('Samhail réamhshocraithe feithiclí leictreacha');
    expect(modelName(tIn('EN'), 'hp', DEFAULT_HP_MODEL_NAME)).toBe(DEFAULT_HP_MODEL_NAME);
  });

  it('show a name a user typed as typed, in every language', () => {
    expect(modelName(tIn('ES'), 'ev', 'Urbanización norte')).toBe('Urbanización norte');
    expect(modelName(tIn('FR'), 'ev', 'Fast uptake')).toBe('Fast uptake');
    // The seeded name of the other kind is just a typed name here.
    expect(modelName(tIn('FR'), 'hp', DEFAULT_EV_MODEL_NAME)).toBe(DEFAULT_EV_MODEL_NAME);
  });

  it('keep the seeded name when its translation is saved unchanged, and store a rename as typed', () => {
    const fr = tIn('FR');
    expect(storedName(fr, 'ev', DEFAULT_EV_MODEL_NAME, 'Modèle VE par défaut')).toBe(DEFAULT_EV_MODEL_NAME);
    expect(storedName(fr, 'ev', DEFAULT_EV_MODEL_NAME, 'Mon modèle')).toBe('Mon modèle');
    expect(storedName(fr, 'ev', 'Mon modèle', 'Mon modèle')).toBe('Mon modèle');
    expect(storedName(fr, 'ev', null, 'Modèle VE par défaut')).toBe('Modèle VE par défaut');
  });
});
