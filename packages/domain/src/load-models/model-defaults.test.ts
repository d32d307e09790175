import { describe, expect, it } from 'vitest';
import { DEFAULT_EV_MODEL_NAME, seededModel } from './model-defaults';

describe('seededModel', () => {
  it('is the model with the seeded name wherever it is in the list, else the first, else none', () => {
    const seeded = { name: DEFAULT_EV_MODEL_NAME };
    expect(seededModel([{ name: 'Estate' }, seeded], DEFAULT_EV_MODEL_NAME)).toBe(seeded);
    expect(seededModel([{ name: 'Estate' }, { name: 'Town' }], DEFAULT_EV_MODEL_NAME)).toEqual({ name: 'Estate' });
    expect(seededModel([], DEFAULT_EV_MODEL_NAME)).toBeUndefined();
  });
});
