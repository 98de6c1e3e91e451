import { useCallback, useState } from 'react';

/** Message keys by field; '' holds an error of the whole form (a rule across fields). */
export type FormErrors<Values> = Partial<Record<keyof Values | '', string>>;

export interface FormState<Values> {
  values: Values;
  /** Message keys of the contract (or of the translation files) by field. */
  errors: FormErrors<Values>;
  setValue: <Key extends keyof Values>(key: Key, value: Values[Key]) => void;
  setErrors: (errors: FormErrors<Values>) => void;
  reset: () => void;
}

/** Values and per-field message keys; changing a field clears its error and the whole form's. */
export function useFormState<Values extends object>(initial: Values): FormState<Values> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<Values>>({});

  const setValue = useCallback(<Key extends keyof Values>(key: Key, value: Values[Key]): void => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setErrors((previous) => {
      if (!(key in previous) && !('' in previous)) return previous;
      const next = { ...previous };
      delete next[key];
      delete next[''];
      return next;
    });
  }, []);

  const reset = useCallback((): void => {
    setValues(initial);
    setErrors({});
  }, [initial]);

  return { values, errors, setValue, setErrors, reset };
}
