/**
 * The user aggregate (stream `user-<id>`). Passwords and tokens are not here: they
 * are secrets and live in the credential tables; events only say that things happened.
 */
import { assertNever, DomainError, type Decider } from '../../kernel/decider.ts';
import type { WeightUnit } from '../../kernel/units.ts';
import { brandingProblem, type CoachBranding } from './branding.ts';

export type UserEvent =
  | { type: 'UserRegistered'; data: { userId: string; email: string; fullName: string; isCoach: boolean; isAthlete: boolean; inviteId?: string } }
  // Requests carry the address and name the mail goes to, so the mail reactor needs no lookup.
  | { type: 'EmailConfirmationRequested'; data: { userId: string; email: string; name: string } }
  | { type: 'EmailConfirmed'; data: { userId: string; email: string; name: string } }
  | { type: 'PasswordResetRequested'; data: { userId: string; email: string; name: string } }
  | { type: 'PasswordReset'; data: { userId: string } }
  // An athlete-only account (made from an invitation) became a coach with the access code.
  | { type: 'BecameCoach'; data: { userId: string } }
  | {
      type: 'ProfileUpdated';
      data: { userId: string; displayName?: string | null; firstName?: string | null; lastName?: string | null; timeZone?: string; weightUnit?: WeightUnit };
    }
  // The coach's colours (spec: theme coachBranding), shown to the coach and their athletes.
  | { type: 'CoachBrandingSet'; data: { userId: string } & CoachBranding }
  | { type: 'CoachBrandingCleared'; data: { userId: string } };

export type UserCommand =
  | { type: 'RegisterUser'; userId: string; email: string; fullName: string; inviteId?: string; preConfirmed?: boolean }
  | { type: 'RequestEmailConfirmation' }
  | { type: 'ConfirmEmail' }
  | { type: 'RequestPasswordReset' }
  | { type: 'ResetPassword' }
  /** Issued only after the access code was checked (a secret, so not in the command). */
  | { type: 'BecomeCoach' }
  | { type: 'UpdateProfile'; displayName?: string | null; firstName?: string | null; lastName?: string | null; timeZone?: string; weightUnit?: WeightUnit }
  | { type: 'SetCoachBranding'; branding: CoachBranding | null };

export interface UserState {
  id: string | null;
  email: string | null;
  name: string;
  confirmed: boolean;
  isCoach: boolean;
}

export const userStream = (userId: string) => `user-${userId}`;

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: () => ({ id: null, email: null, name: '', confirmed: false, isCoach: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { id: event.data.userId, email: event.data.email, name: event.data.fullName, confirmed: false, isCoach: event.data.isCoach };
      case 'BecameCoach':
        return { ...state, isCoach: true };
      case 'EmailConfirmed':
        return { ...state, confirmed: true };
      case 'EmailConfirmationRequested':
      case 'PasswordResetRequested':
      case 'PasswordReset':
      case 'ProfileUpdated':
      case 'CoachBrandingSet':
      case 'CoachBrandingCleared':
        return state;
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    if (command.type === 'RegisterUser') {
      if (state.id) throw new DomainError(409, 'An account with this e-mail already exists.');
      const registered: UserEvent = {
        type: 'UserRegistered',
        // Signup with the access code makes an account both coach and athlete (spec §6);
        // an invitation makes an athlete only: coaching needs the access code.
        data: {
          userId: command.userId,
          email: command.email,
          fullName: command.fullName,
          isCoach: !command.inviteId,
          isAthlete: true,
          ...(command.inviteId ? { inviteId: command.inviteId } : {}),
        },
      };
      // An invitation link already proved the address: no confirmation round trip.
      return command.preConfirmed
        ? [registered, { type: 'EmailConfirmed', data: { userId: command.userId, email: command.email, name: command.fullName } }]
        : [registered, { type: 'EmailConfirmationRequested', data: { userId: command.userId, email: command.email, name: command.fullName } }];
    }
    if (!state.id) throw new DomainError(404, 'No such user.');
    const userId = state.id;
    const to = { userId, email: state.email!, name: state.name };
    switch (command.type) {
      case 'RequestEmailConfirmation':
        return state.confirmed ? [] : [{ type: 'EmailConfirmationRequested', data: to }];
      case 'ConfirmEmail':
        return state.confirmed ? [] : [{ type: 'EmailConfirmed', data: to }];
      case 'RequestPasswordReset':
        return [{ type: 'PasswordResetRequested', data: to }];
      case 'ResetPassword':
        return [{ type: 'PasswordReset', data: { userId } }];
      case 'BecomeCoach':
        return state.isCoach ? [] : [{ type: 'BecameCoach', data: { userId } }];
      case 'UpdateProfile': {
        const { type: _t, ...changes } = command;
        return [{ type: 'ProfileUpdated', data: { userId, ...changes } }];
      }
      case 'SetCoachBranding': {
        if (!command.branding) return [{ type: 'CoachBrandingCleared', data: { userId } }];
        const problem = brandingProblem(command.branding);
        if (problem) throw new DomainError(400, problem);
        const { primary, secondary, accent } = command.branding;
        return [{ type: 'CoachBrandingSet', data: { userId, primary: primary.toLowerCase(), secondary: secondary.toLowerCase(), accent: accent.toLowerCase() } }];
      }
      default:
        return assertNever(command);
    }
  },
};
