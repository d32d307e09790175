/** A form field's problem as an i18n key and its values (the specification's §5 messages live in `validation.*`). */
export interface FieldProblem {
  key: string;
  values?: Record<string, number>;
}

/**
 * The message of a number outside its bounds, worded as the rule is: a bound the value may equal reads "at least"
 * or "at most" (−1 against a minimum of 0 that accepts 0), a bound it may not reads "greater than" or "less than".
 */
export function boundProblem(side: 'below' | 'above', bound: number, inclusive: boolean): FieldProblem {
  const key =
    side === 'below'
      ? inclusive
        ? 'validation.atLeast'
        : 'validation.greaterThan'
      : inclusive
        ? 'validation.atMost'
        : 'validation.lessThan';
  return { key, values: { value: bound } };
}
