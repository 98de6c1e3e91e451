import { queryClient } from '../api/client.ts';
import { tokenStore } from './token-store.ts';

/** The browser forgets the session and every reply it cached. */
export function forgetSession(): void {
  tokenStore.clear();
  queryClient.clear();
}
