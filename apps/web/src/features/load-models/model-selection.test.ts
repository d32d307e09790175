import { describe, expect, it } from 'vitest';
import { modelRefText, parseModelRef } from './model-selection';

const ID = '8d4e5a52-8a4c-4a32-9f71-3d9f3b0c1a10';

describe('the model in the URL', () => {
  it('reads a kind and an id, and writes them back the same way', () => {
    expect(parseModelRef(`ev:${ID}`, false)).toEqual({ kind: 'ev', id: ID });
    expect(parseModelRef(`hp:${ID}`, true)).toEqual({ kind: 'hp', id: ID });
    expect(modelRefText({ kind: 'hp', id: ID })).toBe(`hp:${ID}`);
  });

  it('reads a new model only where one may be made (the form, not the detail)', () => {
    expect(parseModelRef('ev:new', true)).toEqual({ kind: 'ev', id: null });
    expect(parseModelRef('ev:new', false)).toBeNull();
    expect(modelRefText({ kind: 'ev', id: null })).toBe('ev:new');
  });

  it('ignores anything else', () => {
    for (const text of [null, '', 'ev', 'ev:', 'pv:1', `EV:${ID}`]) expect(parseModelRef(text, true)).toBeNull();
  });
});
