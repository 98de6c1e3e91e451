/** How a failed call is presented: SPEC 8 "HTTP". */
export type ApiErrorKind = 'badRequest' | 'sessionExpired' | 'server' | 'network' | 'timeout';

export interface FieldIssue {
  path: string;
  /** A contract message key, e.g. `account.email_form_mismatch`. */
  code: string;
  message: string;
}

/** A call that did not produce a contract reply: an HTTP error, a timeout or no network. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status, 0 when no reply arrived. */
  readonly status: number;
  readonly failedCode: string | undefined;
  readonly fields: readonly FieldIssue[];

  constructor(
    kind: ApiErrorKind,
    status: number,
    failedCode?: string,
    fields: readonly FieldIssue[] = [],
    message = '',
  ) {
    super(message || `${kind}${failedCode ? ` ${failedCode}` : ''}`);
    this.kind = kind;
    this.status = status;
    this.failedCode = failedCode;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function errorKindOfStatus(status: number): ApiErrorKind {
  if (status === 400) return 'badRequest';
  if (status === 401) return 'sessionExpired';
  return 'server';
}
