/**
 * The Idempotency-Key claim of the HTTP command being handled, carried from the
 * idempotency hook to every append the command makes without threading it through
 * each route and handler: the hook runs the route's handler inside `claimScope`, and
 * handleCommand adds the claim to the events' metadata (see migration 016).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface CommandClaim {
  /** command_results.user_id and idempotency_key. */
  user: string;
  key: string;
}

export const claimScope = new AsyncLocalStorage<CommandClaim>();
