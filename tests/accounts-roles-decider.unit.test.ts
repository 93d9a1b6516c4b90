/** The user decider's roles: invited accounts are athletes only; BecomeCoach makes a coach once. */
import { describe, it } from 'vitest';
import { deciderSpec } from './support/decider-spec.ts';
import { userDecider, type UserEvent } from '../src/accounts/domain/user.ts';

const ID = '11111111-1111-4111-8111-111111111111';
const INVITE = '22222222-2222-4222-8222-222222222222';
const given = deciderSpec(userDecider, { userId: ID });
const who = { userId: ID, email: 'ivy@example.com', name: 'Ivy' };
const invited: UserEvent = { type: 'UserRegistered', data: { userId: ID, email: who.email, fullName: 'Ivy', isCoach: false, isAthlete: true, inviteId: INVITE } };
const withCode: UserEvent = { type: 'UserRegistered', data: { userId: ID, email: who.email, fullName: 'Ivy', isCoach: true, isAthlete: true } };

describe('user roles', () => {
  it('an invitation registers an athlete only, already confirmed', () => {
    given([])
      .when({ type: 'RegisterUser', userId: ID, email: who.email, fullName: 'Ivy', inviteId: INVITE, preConfirmed: true }, null)
      .then([invited, { type: 'EmailConfirmed', data: who }]);
  });

  it('the access code registers a coach and athlete', () => {
    given([])
      .when({ type: 'RegisterUser', userId: ID, email: who.email, fullName: 'Ivy' }, null)
      .then([withCode, { type: 'EmailConfirmationRequested', data: who }]);
  });

  it('an athlete-only account becomes a coach once', () => {
    given([invited])
      .when({ type: 'BecomeCoach' })
      .then([{ type: 'BecameCoach', data: { userId: ID } }]);
    given([invited, { type: 'BecameCoach', data: { userId: ID } }])
      .when({ type: 'BecomeCoach' })
      .then([]);
    given([withCode]).when({ type: 'BecomeCoach' }).then([]);
  });

  it('nobody becomes a coach without an account', () => {
    given([]).when({ type: 'BecomeCoach' }).thenThrows(404, 'No such user.');
  });
});
