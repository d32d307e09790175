/** A form field's problem as an i18n key and its values (the specification's §5 messages live in `validation.*`). */
export interface FieldProblem {
  key: string;
  values?: Record<string, number>;
}
