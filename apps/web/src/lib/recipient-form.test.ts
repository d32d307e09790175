import { describe, expect, it } from 'vitest';
import { validateRecipient } from './recipient-form';

describe('validateRecipient', () => {
  it("uses the specification's messages", () => {
    expect(validateRecipient({ name: '', email: '', nickname: '' }).problems).toEqual({
      name: { key: 'validation.required' },
      email: { key: 'validation.required' },
    });
    expect(validateRecipient({ name: 'N'.repeat(50), email: 'ops', nickname: '' }).problems).toEqual({
      name: { key: 'validation.nameTooLong' },
      email: { key: 'validation.email' },
    });
  });

  it('trims and leaves an empty nickname out', () => {
    expect(validateRecipient({ name: ' Ops ', email: ' ops@example.ie ', nickname: ' ' }).body).toEqual({
      name: 'Ops',
      email: 'ops@example.ie',
      nickname: null,
    });
  });
});
