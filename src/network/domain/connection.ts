/**
 * The connection between two users (stream `connection-<lower id>-<higher id>`): the
 * request, its answer, and each side's block. Blocks live on the pair's stream, not
 * on the blocker's, so the request decider sees them: "requesting someone who
 * blocked you" is decided on one stream, with no read model in between.
 */
import { assertNever, DomainError, type Decider } from '../../kernel/decider.ts';
import { NETWORK_MESSAGES as M } from './messages.ts';

export const DEFAULT_CONNECTION_TYPE = 'general';

type Pair = { connectionId: string; requesterId: string; recipientId: string };

export type ConnectionEvent =
  | { type: 'ConnectionRequested'; data: Pair & { connectionType: string; notes: string | null } }
  | { type: 'ConnectionAccepted'; data: Pair & { by: string } }
  | { type: 'ConnectionRejected'; data: Pair & { by: string } }
  | { type: 'ConnectionRemoved'; data: Pair & { by: string } }
  | { type: 'UserBlocked'; data: { blockerId: string; blockedId: string } }
  | { type: 'UserUnblocked'; data: { blockerId: string; blockedId: string } };

export type ConnectionCommand =
  | { type: 'RequestConnection'; requesterId: string; recipientId: string; connectionType?: string; notes?: string | null }
  | { type: 'RespondToConnection'; connectionId: string; responderId: string; response: 'accept' | 'reject' }
  | { type: 'RemoveConnection'; connectionId: string; by: string }
  | { type: 'BlockUser'; blockerId: string; blockedId: string }
  | { type: 'UnblockUser'; blockerId: string; blockedId: string };

export interface ConnectionState {
  /** The live request or connection; null when there is none (never, rejected or removed). */
  connection: (Pair & { status: 'pending' | 'accepted' }) | null;
  /** Who in the pair has blocked the other. */
  blockedBy: string[];
}

export function connectionStream(a: string, b: string): string {
  const [low, high] = [a, b].sort();
  return `connection-${low}-${high}`;
}

const pairOf = (c: Pair): Pair => ({ connectionId: c.connectionId, requesterId: c.requesterId, recipientId: c.recipientId });
const isParty = (c: Pair, userId: string) => c.requesterId === userId || c.recipientId === userId;

export const connectionDecider: Decider<ConnectionState, ConnectionCommand, ConnectionEvent> = {
  initialState: () => ({ connection: null, blockedBy: [] }),

  evolve(state, event) {
    switch (event.type) {
      case 'ConnectionRequested':
        return { ...state, connection: { ...pairOf(event.data), status: 'pending' } };
      case 'ConnectionAccepted':
        return { ...state, connection: { ...pairOf(event.data), status: 'accepted' } };
      case 'ConnectionRejected':
      case 'ConnectionRemoved':
        return { ...state, connection: null };
      case 'UserBlocked':
        return { ...state, blockedBy: [...state.blockedBy, event.data.blockerId] };
      case 'UserUnblocked':
        return { ...state, blockedBy: state.blockedBy.filter((id) => id !== event.data.blockerId) };
      default:
        return assertNever(event);
    }
  },

  decide(command, state, ctx) {
    switch (command.type) {
      case 'RequestConnection': {
        const { requesterId, recipientId } = command;
        if (requesterId === recipientId) throw new DomainError(400, M.requestSelf);
        if (state.blockedBy.includes(recipientId)) throw new DomainError(403, M.blockedByRecipient);
        if (state.blockedBy.includes(requesterId)) throw new DomainError(409, M.youBlocked);
        const c = state.connection;
        if (c?.status === 'accepted') throw new DomainError(409, M.alreadyConnected);
        if (c?.status === 'pending') throw new DomainError(409, c.requesterId === requesterId ? M.alreadyPending : M.theyAlreadyAsked);
        const connectionType = command.connectionType?.trim() || DEFAULT_CONNECTION_TYPE;
        const notes = command.notes?.trim() || null;
        return [{ type: 'ConnectionRequested', data: { connectionId: ctx.newId(), requesterId, recipientId, connectionType, notes } }];
      }
      case 'RespondToConnection': {
        const c = state.connection;
        if (!c || c.connectionId !== command.connectionId || !isParty(c, command.responderId)) throw new DomainError(404, M.connectionNotFound);
        if (c.status !== 'pending') throw new DomainError(409, M.alreadyAnswered);
        if (c.requesterId === command.responderId) throw new DomainError(403, command.response === 'accept' ? M.acceptOwn : M.declineOwn);
        if (state.blockedBy.length > 0) throw new DomainError(409, M.respondWhileBlocked);
        const data = { ...pairOf(c), by: command.responderId };
        return [command.response === 'accept' ? { type: 'ConnectionAccepted', data } : { type: 'ConnectionRejected', data }];
      }
      case 'RemoveConnection': {
        const c = state.connection;
        if (!c || c.connectionId !== command.connectionId || !isParty(c, command.by)) throw new DomainError(404, M.connectionNotFound);
        return [{ type: 'ConnectionRemoved', data: { ...pairOf(c), by: command.by } }];
      }
      case 'BlockUser': {
        if (command.blockerId === command.blockedId) throw new DomainError(400, M.blockSelf);
        if (state.blockedBy.includes(command.blockerId)) throw new DomainError(409, M.alreadyBlocked);
        return [{ type: 'UserBlocked', data: { blockerId: command.blockerId, blockedId: command.blockedId } }];
      }
      case 'UnblockUser': {
        if (!state.blockedBy.includes(command.blockerId)) throw new DomainError(409, M.notBlocked);
        return [{ type: 'UserUnblocked', data: { blockerId: command.blockerId, blockedId: command.blockedId } }];
      }
      default:
        return assertNever(command);
    }
  },
};
