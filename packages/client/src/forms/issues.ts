/** The part of a zod safeParse result the forms read. */
export interface ParseIssues {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } | undefined;
}

/** The first message key of each top-level field, e.g. `{ userEmail: 'account.email_form_mismatch' }`. */
export function fieldErrorsOf(result: ParseIssues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (result.success || !result.error) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    const name = typeof field === 'string' ? field : '';
    if (!(name in errors)) errors[name] = issue.message;
  }
  return errors;
}

/** Field errors of an HTTP 400 reply (`fields: [{ path, code }]`). */
export function fieldErrorsOfReply(fields: readonly { path: string; code: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const name = field.path.split('.')[0] ?? '';
    if (!(name in errors)) errors[name] = field.code;
  }
  return errors;
}
