import { ApiError } from '../api-error.ts';
import { FailedCode, noteFields } from '@clinic/contract';
import { describe, expect, it } from 'vitest';
import type { FieldErrors } from './use-form-state.ts';
import { submitContractForm, type ContractForm, type ContractFormOptions } from './use-contract-form.ts';

const initialValues = { noteTitle: 'Gait', noteContent: 'Walks 20 m unaided.', isImportant: false, isPublic: true };
type Values = typeof initialValues;
type Note = typeof initialValues;
type Reply = { isSuccess: true } | { isSuccess: false; failedCode: string };

/** A form's state as plain data, so the submit sequence can be run and read without rendering. */
function formOf<Shown extends object = Values>(values: Shown): ContractForm<Shown, Note> & { sent: { note: Note }[] } {
  const form = {
    values,
    errors: {} as FieldErrors<keyof Shown | keyof Note>,
    failure: 'earlier' as string | undefined,
    sent: [] as { note: Note }[],
    setValue: () => undefined,
    setErrors: (errors: FieldErrors<keyof Shown | keyof Note>) => {
      form.errors = errors;
    },
    clearErrors: () => undefined,
    reset: () => undefined,
    setFailure: (code: string | undefined) => {
      form.failure = code;
    },
    onSubmit: () => undefined,
  };
  return form;
}

function optionsFor(
  form: ReturnType<typeof formOf>,
  answer: (request: { note: Note }) => Reply,
): ContractFormOptions<Values, Note, Reply> {
  return {
    initialValues,
    schema: noteFields,
    send: (note) => {
      const request = { seqManagerNote: 7, note };
      form.sent.push(request);
      return Promise.resolve(answer(request));
    },
    replyFieldsUnder: 'note',
  };
}

describe('submitContractForm', () => {
  it('shows the contract errors and the form’s own rules without sending', async () => {
    const form = formOf({ ...initialValues, noteTitle: '' });
    await submitContractForm(
      {
        ...optionsFor(form, () => ({ isSuccess: true })),
        validate: (values, errors) => (values.isPublic ? { ...errors, isPublic: 'notes.publicNeedsTitle' } : errors),
      },
      form,
    );
    expect(form.errors).toEqual({ noteTitle: 'validation.required', isPublic: 'notes.publicNeedsTitle' });
    expect(form.sent).toEqual([]);
  });

  it('checks with a schema loaded at the submit, as the login does', async () => {
    const form = formOf({ ...initialValues, noteTitle: '' });
    const options = optionsFor(form, () => ({ isSuccess: true }));
    await submitContractForm({ ...options, schema: () => Promise.resolve(noteFields) }, form);
    expect(form.errors).toEqual({ noteTitle: 'validation.required' });
    expect(form.sent).toEqual([]);

    form.values = initialValues;
    await submitContractForm({ ...options, schema: () => Promise.resolve(noteFields) }, form);
    expect(form.sent).toEqual([{ seqManagerNote: 7, note: initialValues }]);
  });

  it('sends the parsed request and shows the failedCode of a refusal', async () => {
    const form = formOf(initialValues);
    await submitContractForm(
      optionsFor(form, () => ({ isSuccess: false, failedCode: FailedCode.NotAppMember })),
      form,
    );
    expect(form.sent).toEqual([{ seqManagerNote: 7, note: initialValues }]);
    expect(form.failure).toBe(FailedCode.NotAppMember);

    const replied: unknown[] = [];
    await submitContractForm(
      {
        ...optionsFor(form, () => ({ isSuccess: true })),
        onReply: (reply, _form, request) => replied.push(reply, request),
      },
      form,
    );
    expect(replied).toEqual([{ isSuccess: true }, initialValues]);
    expect(form.errors).toEqual({});
  });

  it('takes the field errors of a 400 under the wrapped member, and passes other failures on', async () => {
    const refused = formOf(initialValues);
    const seen: unknown[] = [];
    const fields = [{ path: 'note.noteContent', code: 'validation.too_long', message: 'too long' }];
    await submitContractForm(
      {
        ...optionsFor(refused, () => {
          throw new ApiError('badRequest', 400, undefined, fields);
        }),
        onError: (error) => seen.push(error),
      },
      refused,
    );
    expect(refused.errors).toEqual({ noteContent: 'validation.too_long' });
    expect(refused.failure).toBeUndefined();

    const failed = formOf(initialValues);
    const tooLarge = new ApiError('server', 413);
    await submitContractForm(
      {
        ...optionsFor(failed, () => {
          throw tooLarge;
        }),
        onError: (error) => seen.push(error),
      },
      failed,
    );
    expect(seen).toEqual([tooLarge]);
    expect(failed.errors).toEqual({});
  });

  it('shows the errors of request fields on the form fields named for them', async () => {
    const form = formOf({ title: '', body: 'Walks 20 m unaided.' });
    const options: ContractFormOptions<{ title: string; body: string }, Note, Reply> = {
      initialValues: form.values,
      schema: noteFields,
      toRequest: (values) => ({
        noteTitle: values.title,
        noteContent: values.body,
        isImportant: false,
        isPublic: true,
      }),
      fieldNames: { noteTitle: 'title', noteContent: 'body' },
      send: () =>
        Promise.reject(
          new ApiError('badRequest', 400, undefined, [
            { path: 'noteContent', code: 'validation.note_too_long', message: 'too long' },
          ]),
        ),
    };
    await submitContractForm(options, form);
    expect(form.errors).toEqual({ title: 'validation.required' });

    form.values = { title: 'Gait', body: 'Walks 20 m unaided.' };
    await submitContractForm(options, form);
    expect(form.errors).toEqual({ body: 'validation.note_too_long' });
  });
});
