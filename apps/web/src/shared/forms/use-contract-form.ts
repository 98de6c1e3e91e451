import { useState, type FormEvent } from 'react';
import { isApiError } from '@clinic/client/api-error';
import { fieldErrorsOf, fieldErrorsOfReply } from './issues.ts';
import { useFormState, type FormErrors, type FormState } from './use-form-state.ts';

/** The part of a contract schema the form uses: zod's safeParse. */
interface RequestSchema<Request> {
  safeParse: (input: unknown) => { success: true; data: Request } | { success: false; error: ParseError };
}
interface ParseError {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

interface ContractFormOptions<Values extends object, Request, Reply> {
  initialValues: Values;
  /** The endpoint's request schema from the contract: the one place its field rules are written. */
  schema: RequestSchema<Request>;
  /** The request the values stand for (trimmed, converted), when they are not the request itself. */
  toRequest?: (values: Values) => unknown;
  /** Rules of the form alone, such as a repeated password, checked with the contract's. */
  validate?: (values: Values, errors: FormErrors<Values>) => FormErrors<Values>;
  send: (request: Request) => Promise<Reply>;
  /** What a reply means for the form; by default a business failure shows its failedCode. */
  onReply?: (reply: Reply, form: ContractForm<Values>) => void;
}

export interface ContractForm<Values extends object> extends FormState<Values> {
  /** The failedCode of the last reply that refused the request, shown above the fields. */
  failure: string | undefined;
  setFailure: (code: string | undefined) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

function failedCodeOf(reply: unknown): string | undefined {
  if (typeof reply !== 'object' || reply === null || !('isSuccess' in reply) || reply.isSuccess !== false) {
    return undefined;
  }
  return 'failedCode' in reply && typeof reply.failedCode === 'string' ? reply.failedCode : undefined;
}

/**
 * A form checked by its endpoint's contract: values and field errors, then on submit the one
 * sequence every form follows: validate with the contract (and the form's own rules), send, show a
 * refusal's failedCode, and take the field errors of an HTTP 400 reply. Other HTTP failures have
 * their banner from the HTTP client.
 */
export function useContractForm<Values extends object, Request, Reply>(
  options: ContractFormOptions<Values, Request, Reply>,
): ContractForm<Values> {
  const state = useFormState(options.initialValues);
  const [failure, setFailure] = useState<string>();

  const submit = async (): Promise<void> => {
    setFailure(undefined);
    const parsed = options.schema.safeParse(options.toRequest ? options.toRequest(state.values) : state.values);
    const contractErrors = fieldErrorsOf(parsed) as FormErrors<Values>;
    const errors = options.validate ? options.validate(state.values, contractErrors) : contractErrors;
    if (!parsed.success || Object.keys(errors).length > 0) {
      state.setErrors(errors);
      return;
    }
    try {
      const reply = await options.send(parsed.data);
      if (options.onReply) options.onReply(reply, form);
      else setFailure(failedCodeOf(reply));
    } catch (error) {
      if (isApiError(error) && error.fields.length > 0) {
        state.setErrors(fieldErrorsOfReply(error.fields) as FormErrors<Values>);
      }
    }
  };

  const form: ContractForm<Values> = {
    ...state,
    failure,
    setFailure,
    onSubmit: (event) => {
      event.preventDefault();
      void submit();
    },
  };
  return form;
}
