import { describe, expect, it } from 'vitest';
import { columnRowAt, columnRows } from './columnar';

describe('columnar answers', () => {
  const answer = { count: 2, columns: { id: ['A', 'B'], battery: [90, null] } };

  it('takes row i from index i of every column', () => {
    expect(columnRowAt(answer.columns, 1)).toEqual({ id: 'B', battery: null });
  });

  it('turns the whole answer back into its rows, in order', () => {
    expect(columnRows(answer)).toEqual([
      { id: 'A', battery: 90 },
      { id: 'B', battery: null },
    ]);
    expect(columnRows({ count: 0, columns: { id: [] } })).toEqual([]);
  });
});
