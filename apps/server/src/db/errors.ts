import { DrizzleQueryError } from 'drizzle-orm/errors';

interface DriverError {
  code?: string;
  constraint?: string;
  table?: string;
  routine?: string;
}

const driverErrorOf = (error: unknown): DriverError | undefined =>
  error instanceof DrizzleQueryError && typeof error.cause === 'object' && error.cause !== null
    ? (error.cause as DriverError)
    : undefined;

/** The unique index a failed insert or update ran into, if that is why it failed. */
export function uniqueViolationOf(error: unknown): string | undefined {
  const driver = driverErrorOf(error);
  return driver?.code === '23505' ? driver.constraint : undefined;
}

/**
 * What may be logged of an error. A query error's message holds the query's parameters (e-mail
 * addresses, password hashes, tokens), so only its codes and stack frames are kept.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const driver = driverErrorOf(error);
  return {
    type: 'DrizzleQueryError',
    code: driver?.code,
    constraint: driver?.constraint,
    table: driver?.table,
    routine: driver?.routine,
    stack: error.stack?.split('\n').slice(2).join('\n'),
  };
}
