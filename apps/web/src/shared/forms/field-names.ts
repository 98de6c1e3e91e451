interface ParseIssue {
  path: readonly PropertyKey[];
  message: string;
}
interface Schema<Output> {
  safeParse: (input: unknown) => { success: true; data: Output } | { success: false; error: { issues: ParseIssue[] } };
}

/**
 * A contract schema whose issues name the form's field, for a form whose request nests its fields
 * (`cadence.every`, `items.0.options.1.score`): the form helper shows the first part of a path.
 */
export function withFieldNames<Output>(
  schema: Schema<Output>,
  fieldOf: (path: readonly PropertyKey[]) => string,
): Schema<Output> {
  return {
    safeParse: (input) => {
      const result = schema.safeParse(input);
      if (result.success) return result;
      return {
        success: false,
        error: { issues: result.error.issues.map((issue) => ({ ...issue, path: [fieldOf(issue.path)] })) },
      };
    },
  };
}
