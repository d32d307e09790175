import { describe, expect, it } from 'vitest';
import { DEFAULT_EV_MODEL_NAME, DEFAULT_HP_MODEL_NAME, seededModel, seededNameKey } from './model-defaults';

describe('seededModel', () => {
  it('is the model with the seeded name wherever it is in the list, else the first, else none', () => {
    const seeded = { name: DEFAULT_EV_MODEL_NAME };
    expect(seededModel([{ name: 'Estate' }, seeded], DEFAULT_EV_MODEL_NAME)).toBe(seeded);
    expect(seededModel([{ name: 'Estate' }, { name: 'Town' }], DEFAULT_EV_MODEL_NAME)).toEqual({ name: 'Estate' });
    expect(seededModel([], DEFAULT_EV_MODEL_NAME)).toBeUndefined();
  });
});

describe('seededNameKey', () => {
  it('gives the seeded names of each kind a catalogue key, and a typed name none', () => {
    expect(seededNameKey('ev', DEFAULT_EV_MODEL_NAME)).toBe('loadModels.seededNames.ev');
    expect(seededNameKey('hp', DEFAULT_HP_MODEL_NAME)).toBe('loadModels.seededNames.hp');
    expect(seededNameKey('hp', DEFAULT_EV_MODEL_NAME)).toBeNull();
    expect(seededNameKey('ev', 'default ev model')).toBeNull();
    expect(seededNameKey('ev', 'Estate')).toBeNull();
  });
});
