/**
 * The privacy context's event (issue 26): an account was erased. Stream
 * `erasure-<userId>`, one event at most. No personal data in it: the person's key is
 * destroyed in the same step, and everything that was theirs reads as erased.
 */
import { DomainError } from '../../kernel/decider.ts';

/** `coachIds`: the coaches the athlete was linked to when erased (webhook `athlete.erased` goes to them). */
export type PrivacyEvent = { type: 'AccountErased'; data: { userId: string; erasedBy: 'self' | 'staff'; at: string; coachIds: string[] } };

export const erasureStream = (userId: string) => `erasure-${userId}`;

/** Erasing twice is a no-op for the second: the events say it happened once. */
export function decideErasure(alreadyErased: boolean, cmd: { userId: string; by: 'self' | 'staff'; at: string; coachIds: string[] }): PrivacyEvent[] {
  if (alreadyErased) throw new DomainError(409, 'This account was erased already.');
  return [{ type: 'AccountErased', data: { userId: cmd.userId, erasedBy: cmd.by, at: cmd.at, coachIds: cmd.coachIds } }];
}
