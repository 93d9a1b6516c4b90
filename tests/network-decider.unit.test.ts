import { describe, expect, it } from 'vitest';
import { deciderSpec } from './support/decider-spec.ts';
import { connectionDecider, connectionStream, type ConnectionCommand, type ConnectionEvent } from '../src/network/domain/connection.ts';

const ANA = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';
const CAL = '33333333-3333-4333-8333-333333333333';
const CONN = '44444444-4444-4444-8444-444444444444';
const NEW_ID = '55555555-5555-4555-8555-555555555555';

const given = deciderSpec(connectionDecider, { userId: ANA, newId: () => NEW_ID });

const pair = { connectionId: CONN, requesterId: ANA, recipientId: BEN };
const requested: ConnectionEvent = { type: 'ConnectionRequested', data: { ...pair, connectionType: 'general', notes: null } };
const acceptedByBen: ConnectionEvent = { type: 'ConnectionAccepted', data: { ...pair, by: BEN } };
const rejectedByBen: ConnectionEvent = { type: 'ConnectionRejected', data: { ...pair, by: BEN } };
const removedByAna: ConnectionEvent = { type: 'ConnectionRemoved', data: { ...pair, by: ANA } };
const benBlocksAna: ConnectionEvent = { type: 'UserBlocked', data: { blockerId: BEN, blockedId: ANA } };
const anaBlocksBen: ConnectionEvent = { type: 'UserBlocked', data: { blockerId: ANA, blockedId: BEN } };
const anaUnblocksBen: ConnectionEvent = { type: 'UserUnblocked', data: { blockerId: ANA, blockedId: BEN } };

const request = (from = ANA, to = BEN, extra: Partial<Extract<ConnectionCommand, { type: 'RequestConnection' }>> = {}): ConnectionCommand => ({
  type: 'RequestConnection',
  requesterId: from,
  recipientId: to,
  ...extra,
});
const respond = (responderId: string, response: 'accept' | 'reject', connectionId = CONN): ConnectionCommand => ({
  type: 'RespondToConnection',
  connectionId,
  responderId,
  response,
});
const newRequest = (from = ANA, to = BEN): ConnectionEvent => ({
  type: 'ConnectionRequested',
  data: { connectionId: NEW_ID, requesterId: from, recipientId: to, connectionType: 'general', notes: null },
});

it('names one stream per pair, whoever asks', () => {
  expect(connectionStream(BEN, ANA)).toBe(connectionStream(ANA, BEN));
  expect(connectionStream(ANA, BEN)).toBe(`connection-${ANA}-${BEN}`);
});

describe('RequestConnection', () => {
  it('asks with the default type general and no notes', () => {
    given([]).when(request()).then([newRequest()]);
  });
  it('keeps a given type and trimmed notes', () => {
    given([])
      .when(request(ANA, BEN, { connectionType: ' coach ', notes: ' hi ' }))
      .then([{ type: 'ConnectionRequested', data: { connectionId: NEW_ID, requesterId: ANA, recipientId: BEN, connectionType: 'coach', notes: 'hi' } }]);
  });
  it('refuses asking yourself', () => {
    given([]).when(request(ANA, ANA)).thenThrows(400, 'You cannot send a connection request to yourself.');
  });
  it('refuses a second pending request, from either side', () => {
    given([requested]).when(request()).thenThrows(409, 'A connection request between you is already pending.');
    given([requested]).when(request(BEN, ANA)).thenThrows(409, 'This user has already sent you a connection request. Accept it under Requests.');
  });
  it('refuses when already connected', () => {
    given([requested, acceptedByBen]).when(request(BEN, ANA)).thenThrows(409, 'You are already connected with this user.');
  });
  it('refuses asking someone who blocked you', () => {
    given([benBlocksAna]).when(request()).thenThrows(403, 'This user is not accepting connection requests from you.');
  });
  it('refuses asking someone you blocked until you unblock them', () => {
    given([anaBlocksBen]).when(request()).thenThrows(409, 'You have blocked this user. Unblock them to send a request.');
    given([anaBlocksBen, anaUnblocksBen]).when(request()).then([newRequest()]);
  });
  it('allows asking again after a rejection or a removal', () => {
    given([requested, rejectedByBen]).when(request()).then([newRequest()]);
    given([requested, acceptedByBen, removedByAna])
      .when(request(BEN, ANA))
      .then([newRequest(BEN, ANA)]);
  });
});

describe('RespondToConnection', () => {
  it('accepts or rejects a request addressed to the responder', () => {
    given([requested]).when(respond(BEN, 'accept')).then([acceptedByBen]);
    given([requested]).when(respond(BEN, 'reject')).then([rejectedByBen]);
  });
  it('refuses accepting or declining your own request', () => {
    given([requested]).when(respond(ANA, 'accept')).thenThrows(403, 'You cannot accept your own connection request.');
    given([requested]).when(respond(ANA, 'reject')).thenThrows(403, 'You cannot decline your own connection request; remove it instead.');
  });
  it('refuses a request that is already answered', () => {
    given([requested, acceptedByBen]).when(respond(BEN, 'reject')).thenThrows(409, 'This request has already been answered.');
  });
  it('refuses an unknown connection, an old id, or someone outside the pair', () => {
    given([]).when(respond(BEN, 'accept')).thenThrows(404, 'Connection not found.');
    given([requested, rejectedByBen]).when(respond(BEN, 'accept')).thenThrows(404, 'Connection not found.');
    given([requested])
      .when(respond(BEN, 'accept', NEW_ID))
      .thenThrows(404, 'Connection not found.');
    given([requested]).when(respond(CAL, 'accept')).thenThrows(404, 'Connection not found.');
  });
  it('refuses answering while either side has blocked the other', () => {
    given([requested, benBlocksAna]).when(respond(BEN, 'accept')).thenThrows(409, 'This request cannot be answered while one of you has blocked the other.');
  });
});

describe('RemoveConnection', () => {
  it('removes a connection or withdraws a pending request, by either side', () => {
    given([requested, acceptedByBen]).when({ type: 'RemoveConnection', connectionId: CONN, by: ANA }).then([removedByAna]);
    given([requested])
      .when({ type: 'RemoveConnection', connectionId: CONN, by: BEN })
      .then([{ type: 'ConnectionRemoved', data: { ...pair, by: BEN } }]);
  });
  it('refuses a connection that is gone or belongs to others', () => {
    given([requested, removedByAna]).when({ type: 'RemoveConnection', connectionId: CONN, by: ANA }).thenThrows(404, 'Connection not found.');
    given([requested]).when({ type: 'RemoveConnection', connectionId: CONN, by: CAL }).thenThrows(404, 'Connection not found.');
  });
});

describe('BlockUser / UnblockUser', () => {
  it('blocks, and unblocks what was blocked', () => {
    given([requested, acceptedByBen]).when({ type: 'BlockUser', blockerId: ANA, blockedId: BEN }).then([anaBlocksBen]);
    given([anaBlocksBen]).when({ type: 'UnblockUser', blockerId: ANA, blockedId: BEN }).then([anaUnblocksBen]);
  });
  it('lets both sides block each other independently', () => {
    given([benBlocksAna]).when({ type: 'BlockUser', blockerId: ANA, blockedId: BEN }).then([anaBlocksBen]);
  });
  it('refuses blocking yourself, blocking twice, and unblocking someone not blocked', () => {
    given([]).when({ type: 'BlockUser', blockerId: ANA, blockedId: ANA }).thenThrows(400, 'You cannot block yourself.');
    given([anaBlocksBen]).when({ type: 'BlockUser', blockerId: ANA, blockedId: BEN }).thenThrows(409, 'You have already blocked this user.');
    given([benBlocksAna]).when({ type: 'UnblockUser', blockerId: ANA, blockedId: BEN }).thenThrows(409, 'You have not blocked this user.');
  });
  it('keeps the connection through a block: unblocking restores it', () => {
    const state = [requested, acceptedByBen, anaBlocksBen, anaUnblocksBen].reduce(connectionDecider.evolve, connectionDecider.initialState());
    expect(state).toEqual({ connection: { ...pair, status: 'accepted' }, blockedBy: [] });
  });
});
