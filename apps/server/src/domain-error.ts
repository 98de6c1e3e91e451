import { FailedCode } from '@clinic/contract';

/** A failure of SPEC section 8: answered with HTTP 200 `{ isSuccess: false, failedCode, message }`. */
export class BusinessFailure extends Error {
  constructor(
    readonly failedCode: FailedCode,
    options?: ErrorOptions,
  ) {
    super(failedCode, options);
  }
}

/** A failure answered with an HTTP error status and a coded body. */
export class HttpFailure extends Error {
  constructor(
    readonly statusCode: 401 | 403 | 404 | 409 | 413 | 429 | 503,
    readonly failedCode: FailedCode,
    readonly retryAfterSeconds?: number,
  ) {
    super(failedCode);
  }
}

export const unauthorized = (code: FailedCode = FailedCode.Unauthorized): HttpFailure => new HttpFailure(401, code);

/** Someone else's data answers exactly like data that does not exist. */
export const notFound = (): HttpFailure => new HttpFailure(404, FailedCode.NotFound);

/** Input that passed the schema but breaks a rule only the server can check: answered with 400. */
export class InvalidField extends Error {
  constructor(
    readonly path: string,
    readonly messageKey: string,
  ) {
    super(messageKey);
  }
}
