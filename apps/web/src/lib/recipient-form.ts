import type { RecipientBody } from '@gridlens/contract/alerts';
import { RecipientBodySchema } from '@gridlens/contract/alerts';
import type { FieldProblem } from './field-problem';

/**
 * A recipient of emails (spec §3: name, email, nickname), as alerts and report schedules both take one: one
 * schema and one set of messages for both.
 */
export type RecipientField = 'name' | 'email' | 'nickname';

/** A recipient checked by the contract's own schema ('This field is required', 'Email must be valid', < 50 characters). */
export function validateRecipient(values: Record<RecipientField, string>): {
  body: RecipientBody | null;
  problems: Partial<Record<RecipientField, FieldProblem>>;
} {
  const parsed = RecipientBodySchema.safeParse({ ...values, nickname: values.nickname.trim() === '' ? null : values.nickname });
  if (parsed.success) return { body: parsed.data, problems: {} };
  const problems: Partial<Record<RecipientField, FieldProblem>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as RecipientField;
    if (problems[field]) continue;
    problems[field] =
      field === 'email'
        ? { key: values.email.trim() === '' ? 'validation.required' : 'validation.email' }
        : issue.code === 'too_big'
          ? { key: 'validation.nameTooLong' }
          : { key: 'validation.required' };
  }
  return { body: null, problems };
}
