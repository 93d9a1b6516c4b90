/**
 * Signing up through an invitation link accepts that invitation: UserRegistered
 * carrying `inviteId` → AcceptInvite on the coach's stream. A reactor rather than a
 * call from the signup route, because the user's stream and the coach's are two
 * aggregates; this way the acceptance happens even if the server dies right after
 * the signup, and it happens once: AcceptInvite of an accepted invite decides nothing.
 */
import type { EventStore } from '../platform/eventstore/port.ts';
import type { Projection } from '../platform/projections/projection.ts';
import { handleCommand } from '../platform/handle-command.ts';
import { DomainError } from '../kernel/decider.ts';
import type { UserEvent } from '../accounts/index.ts';
import { coachDecider, coachStream } from './domain/coach.ts';
import { coachOfInvite } from './invite-tokens.ts';

type Registered = Extract<UserEvent, { type: 'UserRegistered' }>['data'];

/**
 * The store comes in from the runner's wiring (Feature.reactors in src/features.ts,
 * built by startPlatform once the store exists): this reactor appends commands.
 */
export function acceptOnSignup(es: EventStore): Projection {
  return {
    name: 'coaching_invite_acceptor',
    version: 1,
    reactor: true,
    tables: {},
    handles: ['UserRegistered'],
    async apply(events, { tx }) {
      for (const e of events) {
        const d = e.data as Registered;
        if (!d.inviteId) continue;
        const coachId = await coachOfInvite(tx, d.inviteId);
        if (!coachId) continue; // not one of our tokens: nothing to accept
        try {
          await handleCommand(
            es,
            coachStream(coachId),
            coachDecider,
            { type: 'AcceptInvite', coachId, inviteId: d.inviteId, athleteId: d.userId, athleteEmail: d.email },
            { userId: d.userId, correlationId: e.metadata.correlationId, idempotencyKey: `accept-on-signup:${e.id}` },
          );
        } catch (err) {
          // Revoked between the token check and here: the account stays, the invite does not apply.
          if (!(err instanceof DomainError)) throw err;
        }
      }
      return [];
    },
  };
}
