import * as manager from './manager.ts';
import * as user from './user.ts';
import type { Endpoint } from './endpoint.ts';

export * from './endpoint.ts';
export * from './errors.ts';
export * from './messages/index.ts';
export * from './npi.ts';
export * from './rules.ts';
export * from './validation.ts';
export * from './user.ts';
export * from './manager.ts';

function endpointsOf(group: Record<string, unknown>): Endpoint[] {
  return Object.values(group).filter(
    (value): value is Endpoint => typeof value === 'object' && value !== null && 'path' in value && 'method' in value,
  );
}

/** Every endpoint of the API; the server registers exactly these. */
export const endpoints: readonly Endpoint[] = [...endpointsOf(user), ...endpointsOf(manager)];
