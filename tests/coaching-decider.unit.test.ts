import { describe, expect, it } from 'vitest';
import { deciderSpec } from './support/decider-spec.ts';
import { coachDecider, coachStream, type CoachCommand, type CoachEvent } from '../src/coaching/domain/coach.ts';

const COACH = '11111111-1111-4111-8111-111111111111';
const ATHLETE = '22222222-2222-4222-8222-222222222222';
const STRANGER = '33333333-3333-4333-8333-333333333333';
const INVITE = '44444444-4444-4444-8444-444444444444';
const LINK = '55555555-5555-4555-8555-555555555555';
const NEW_ID = '66666666-6666-4666-8666-666666666666';
const EMAIL = 'ath@example.com';

const given = deciderSpec(coachDecider, { userId: COACH, newId: () => NEW_ID });

const sent: CoachEvent = { type: 'InviteSent', data: { inviteId: INVITE, coachId: COACH, email: EMAIL, coachName: 'Coach', athleteName: 'ath' } };
const accepted: CoachEvent = { type: 'InviteAccepted', data: { inviteId: INVITE, coachId: COACH, email: EMAIL, athleteId: ATHLETE } };
const revoked: CoachEvent = { type: 'InviteRevoked', data: { inviteId: INVITE, coachId: COACH, email: EMAIL } };
const linked: CoachEvent = { type: 'ClientLinked', data: { linkId: LINK, coachId: COACH, athleteId: ATHLETE, email: EMAIL } };
const unlinked: CoachEvent = { type: 'ClientUnlinked', data: { linkId: LINK, coachId: COACH, athleteId: ATHLETE } };

const invite = (email = EMAIL): CoachCommand => ({ type: 'SendInvite', coachId: COACH, coachEmail: 'coach@example.com', coachName: 'Coach', email, athleteName: 'ath' });
const accept = (athleteEmail = EMAIL, athleteId = ATHLETE): CoachCommand => ({ type: 'AcceptInvite', coachId: COACH, inviteId: INVITE, athleteId, athleteEmail });
const link = (athleteId: string | null = ATHLETE, email = EMAIL): CoachCommand => ({ type: 'LinkClient', coachId: COACH, email, athleteId });

it('names the stream after the coach', () => {
  expect(coachStream(COACH)).toBe(`coach-${COACH}`);
});

describe('SendInvite', () => {
  it('invites an e-mail, normalised, with a new invite id', () => {
    given([])
      .when(invite('  Ath@Example.COM '))
      .then([{ type: 'InviteSent', data: { inviteId: NEW_ID, coachId: COACH, email: EMAIL, coachName: 'Coach', athleteName: 'ath' } }]);
  });
  it('refuses inviting yourself, whatever the case of the address', () => {
    given([]).when(invite('COACH@example.com')).thenThrows(400, 'You cannot invite yourself.');
  });
  it('refuses a second pending invite to the same address', () => {
    given([sent]).when(invite()).thenThrows(409, `You have already invited ${EMAIL}. Cancel that invite to send a new one.`);
  });
  it('refuses inviting someone who accepted and waits to be linked', () => {
    given([sent, accepted]).when(invite()).thenThrows(409, `${EMAIL} has already accepted your invite. Link them under Accepted but Not Linked.`);
  });
  it('refuses inviting a current client', () => {
    given([sent, accepted, linked, revoked]).when(invite()).thenThrows(409, `${EMAIL} is already your client.`);
  });
  it('allows a new invite once the earlier one was cancelled', () => {
    given([sent, revoked])
      .when(invite())
      .then([{ type: 'InviteSent', data: { inviteId: NEW_ID, coachId: COACH, email: EMAIL, coachName: 'Coach', athleteName: 'ath' } }]);
  });
});

describe('AcceptInvite', () => {
  it('accepts a pending invite addressed to the athlete', () => {
    given([sent]).when(accept('ATH@example.com')).then([accepted]);
  });
  it('changes nothing when the invite was already accepted (double click, reactor retry)', () => {
    given([sent, accepted]).when(accept()).then([]);
  });
  it('refuses an invite that does not exist', () => {
    given([]).when(accept()).thenThrows(404, 'Invite not found.');
  });
  it('refuses someone the invite was not sent to', () => {
    given([sent]).when(accept('other@example.com', STRANGER)).thenThrows(403, 'This invitation was sent to another e-mail address.');
  });
  it('refuses a withdrawn invite', () => {
    given([sent, revoked]).when(accept()).thenThrows(409, 'This invitation has been withdrawn by the coach.');
  });
  it('refuses the coach accepting for themselves', () => {
    given([sent]).when(accept(EMAIL, COACH)).thenThrows(400, 'You cannot invite yourself.');
  });
});

describe('RevokeInvite', () => {
  it('cancels a pending invite', () => {
    given([sent]).when({ type: 'RevokeInvite', coachId: COACH, inviteId: INVITE }).then([revoked]);
  });
  it('removes an accepted invite from the list too', () => {
    given([sent, accepted]).when({ type: 'RevokeInvite', coachId: COACH, inviteId: INVITE }).then([revoked]);
  });
  it('refuses an unknown or already cancelled invite', () => {
    given([]).when({ type: 'RevokeInvite', coachId: COACH, inviteId: INVITE }).thenThrows(404, 'Invite not found.');
    given([sent, revoked]).when({ type: 'RevokeInvite', coachId: COACH, inviteId: INVITE }).thenThrows(404, 'Invite not found.');
  });
});

describe('ResendInvite', () => {
  const resend = { type: 'ResendInvite', coachId: COACH, inviteId: INVITE, coachName: 'Casey', athleteName: 'Ath' } as const;
  it('mails a pending invite again, to its own address', () => {
    given([sent])
      .when(resend)
      .then([{ type: 'InviteResent', data: { inviteId: INVITE, coachId: COACH, email: EMAIL, coachName: 'Casey', athleteName: 'Ath' } }]);
  });
  it('refuses an unknown, cancelled or already accepted invite', () => {
    given([]).when(resend).thenThrows(404, 'Invite not found.');
    given([sent, revoked]).when(resend).thenThrows(404, 'Invite not found.');
    given([sent, accepted]).when(resend).thenThrows(409, 'Only a pending invite can be sent again.');
  });
});

describe('LinkClient', () => {
  it('links an athlete who accepted the invite', () => {
    given([sent, accepted])
      .when(link(ATHLETE, 'ATH@example.com'))
      .then([{ type: 'ClientLinked', data: { linkId: NEW_ID, coachId: COACH, athleteId: ATHLETE, email: EMAIL } }]);
  });
  it('refuses linking someone who has not accepted an invite', () => {
    given([sent]).when(link()).thenThrows(409, `${EMAIL} has not accepted your invite yet.`);
    given([]).when(link()).thenThrows(409, `${EMAIL} has not accepted your invite yet.`);
  });
  it('answers the same for an address without an account, so accounts cannot be probed', () => {
    given([sent]).when(link(null, 'nobody@example.com')).thenThrows(409, 'nobody@example.com has not accepted your invite yet.');
  });
  it('refuses linking a current client again', () => {
    given([sent, accepted, linked]).when(link()).thenThrows(409, `${EMAIL} is already your client.`);
  });
  it('refuses linking yourself', () => {
    given([]).when(link(COACH, 'coach@example.com')).thenThrows(400, 'You cannot link yourself as your own client.');
  });
  it('links again after an unlink, on the same accepted invite', () => {
    given([sent, accepted, linked, unlinked])
      .when(link())
      .then([{ type: 'ClientLinked', data: { linkId: NEW_ID, coachId: COACH, athleteId: ATHLETE, email: EMAIL } }]);
  });
});

describe('UnlinkClient', () => {
  it('unlinks a client, by athlete id or with the matching link id', () => {
    given([sent, accepted, linked]).when({ type: 'UnlinkClient', coachId: COACH, athleteId: ATHLETE }).then([unlinked]);
    given([sent, accepted, linked]).when({ type: 'UnlinkClient', coachId: COACH, athleteId: ATHLETE, linkId: LINK }).then([unlinked]);
  });
  it('refuses someone who is not a client, or a link id that does not match', () => {
    given([]).when({ type: 'UnlinkClient', coachId: COACH, athleteId: ATHLETE }).thenThrows(404, 'Client link not found.');
    given([sent, accepted, linked, unlinked]).when({ type: 'UnlinkClient', coachId: COACH, athleteId: ATHLETE }).thenThrows(404, 'Client link not found.');
    given([sent, accepted, linked]).when({ type: 'UnlinkClient', coachId: COACH, athleteId: ATHLETE, linkId: NEW_ID }).thenThrows(404, 'Client link not found.');
  });
});
