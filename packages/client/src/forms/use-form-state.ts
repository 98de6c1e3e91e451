import { useCallback, useState } from 'react';

/** Message keys by field; '' holds an error of the whole form (a rule across fields). */
export type FieldErrors<Field extends PropertyKey> = Partial<Record<Field | '', string>>;
/** Message keys by field of a form's values. */
export type FormErrors<Values> = FieldErrors<keyof Values>;

/**
 * Values, and message keys by field. The fields with errors are the values' own by default; a form
 * checked by a contract also has the request's, whose names may differ from the values'.
 */
export interface FormState<Values, Field extends PropertyKey = keyof Values> {
  values: Values;
  /** Message keys of the contract (or of the translation files) by field. */
  errors: FieldErrors<Field>;
  setValue: <Key extends keyof Values>(key: Key, value: Values[Key]) => void;
  setErrors: (errors: FieldErrors<Field>) => void;
  /** Clears the errors of fields whose values are not theirs alone, e.g. height and weight of one body value. */
  clearErrors: (...fields: Field[]) => void;
  reset: () => void;
}

function without<Errors extends object>(errors: Errors, fields: readonly PropertyKey[]): Errors {
  if (!fields.some((field) => field in errors)) return errors;
  const next = { ...errors };
  for (const field of fields) delete next[field as keyof Errors];
  return next;
}

/** Values and per-field message keys; changing a field clears its error and the whole form's. */
export function useFormState<Values extends object, Field extends PropertyKey = keyof Values>(
  initial: Values,
): FormState<Values, Field> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  const setValue = useCallback(<Key extends keyof Values>(key: Key, value: Values[Key]): void => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => without(previous, [key, '']));
  }, []);

  const clearErrors = useCallback((...fields: Field[]): void => {
    setErrors((previous) => without(previous, fields));
  }, []);

  const reset = useCallback((): void => {
    setValues(initial);
    setErrors({});
  }, [initial]);

  return { values, errors, setValue, setErrors, clearErrors, reset };
}
