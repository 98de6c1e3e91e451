import { useState, type FormEvent } from 'react';
import { isApiError } from '../api-error.ts';
import { fieldErrorsOf, fieldErrorsOfReply } from './issues.ts';
import { useFormState, type FieldErrors, type FormState } from './use-form-state.ts';

/** The part of a contract schema the form uses: zod's safeParse. */
interface RequestSchema<Request> {
  safeParse: (input: unknown) => { success: true; data: Request } | { success: false; error: ParseError };
}
interface ParseError {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** The fields a contract form shows errors of: its values' and its request's, whose names may differ. */
type FieldOf<Values, Request> = keyof Values | keyof Request;

export interface ContractFormOptions<Values extends object, Request extends object, Reply> {
  initialValues: Values;
  /**
   * The endpoint's request schema from the contract: the one place its field rules are written. A
   * screen that loads its request and checks with the first attempt (login) gives their loader.
   */
  schema: RequestSchema<Request> | (() => Promise<RequestSchema<Request>>);
  /** The request the values stand for (trimmed, converted), when they are not the request itself. */
  toRequest?: (values: Values) => unknown;
  /** Rules of the form alone, such as a repeated password, checked with the contract's. */
  validate?: (values: Values, errors: FieldErrors<FieldOf<Values, Request>>) => FieldErrors<FieldOf<Values, Request>>;
  send: (request: Request) => Promise<Reply>;
  /** The form field that shows a request field's errors, where the two are named differently. */
  fieldNames?: Partial<Record<keyof Request, keyof Values>>;
  /**
   * The member of the sent request that the schema describes, when send wraps it with other parts
   * (`{ seqExercise, exercise }`): a 400's field `exercise.maxRom` is then the form's `maxRom`.
   */
  replyFieldsUnder?: string;
  /** What a reply to the request means for the form; by default a business failure shows its failedCode. */
  onReply?: (reply: Reply, form: ContractForm<Values, Request>, request: Request) => void;
  /** A failure thrown by send other than a 400 with field errors, e.g. an upload refused. */
  onError?: (error: unknown, form: ContractForm<Values, Request>) => void;
}

export interface ContractForm<Values extends object, Request extends object = Values> extends FormState<
  Values,
  FieldOf<Values, Request>
> {
  /** The failedCode of the last refusal, or the text of a failure the form names itself; shown above the fields. */
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

function replyFields(
  fields: readonly { path: string; code: string }[],
  under: string | undefined,
): readonly { path: string; code: string }[] {
  if (under === undefined) return fields;
  const prefix = `${under}.`;
  return fields.map((field) =>
    field.path.startsWith(prefix) ? { ...field, path: field.path.slice(prefix.length) } : field,
  );
}

/** Errors of request fields under the names of the form's fields; the first error of a field wins. */
function renamed<Field extends PropertyKey>(
  errors: Record<string, string>,
  names: Partial<Record<PropertyKey, PropertyKey>> | undefined,
): FieldErrors<Field> {
  if (!names) return errors as FieldErrors<Field>;
  const result: Record<PropertyKey, string> = {};
  for (const [name, code] of Object.entries(errors)) {
    const field = names[name] ?? name;
    if (!(field in result)) result[field] = code;
  }
  return result;
}

/**
 * The one sequence every form follows on submit: validate with the contract (and the form's own
 * rules), send, show a refusal's failedCode, and take the field errors of an HTTP 400 reply. Other
 * HTTP failures have their banner from the HTTP client.
 */
export async function submitContractForm<Values extends object, Request extends object, Reply>(
  options: ContractFormOptions<Values, Request, Reply>,
  form: ContractForm<Values, Request>,
): Promise<void> {
  form.setFailure(undefined);
  const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
  const parsed = schema.safeParse(options.toRequest ? options.toRequest(form.values) : form.values);
  const contractErrors = renamed<FieldOf<Values, Request>>(fieldErrorsOf(parsed), options.fieldNames);
  const errors = options.validate ? options.validate(form.values, contractErrors) : contractErrors;
  if (!parsed.success || Object.keys(errors).length > 0) {
    form.setErrors(errors);
    return;
  }
  try {
    const reply = await options.send(parsed.data);
    if (options.onReply) options.onReply(reply, form, parsed.data);
    else form.setFailure(failedCodeOf(reply));
  } catch (error) {
    if (isApiError(error) && error.fields.length > 0) {
      const fields = replyFields(error.fields, options.replyFieldsUnder);
      form.setErrors(renamed(fieldErrorsOfReply(fields), options.fieldNames));
    } else {
      options.onError?.(error, form);
    }
  }
}

/** A form checked by its endpoint's contract: values and field errors, submitted by submitContractForm. */
export function useContractForm<Values extends object, Request extends object, Reply>(
  options: ContractFormOptions<Values, Request, Reply>,
): ContractForm<Values, Request> {
  const state = useFormState<Values, FieldOf<Values, Request>>(options.initialValues);
  const [failure, setFailure] = useState<string>();

  const form: ContractForm<Values, Request> = {
    ...state,
    failure,
    setFailure,
    onSubmit: (event) => {
      event.preventDefault();
      void submitContractForm(options, form);
    },
  };
  return form;
}
