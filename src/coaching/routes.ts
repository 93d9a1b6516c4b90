/**
 * Clients, invites and links over HTTP: the spec's /api/get-clients, /api/manage-invites
 * and /api/manage-links, plus the invitee's side (/api/invitations) that lets someone
 * who already has an account accept a coach's invitation signed in.
 *
 * Every coach-scoped call acts on the caller's own stream (`coach-<callerId>`), so a
 * coach can never reach another coach's invites or links: they are simply not found.
 */
import type { FastifyInstance } from 'fastify';
import { todayFor } from '../accounts/index.ts';
import { Type, type Static } from '@sinclair/typebox';
import type { FeatureDeps } from '../feature.ts';
import { handleCommand, type CommandResult } from '../platform/handle-command.ts';
import { DomainError } from '../kernel/decider.ts';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { coachDecider, coachStream, type CoachCommand, type CoachEvent } from './domain/coach.ts';
import { COACHING_MESSAGES as M, emailProblem } from './domain/messages.ts';
import * as q from './queries.ts';
import { complianceOf } from './compliance.ts';
import { RateLimiter } from '../platform/http/rate-limit.ts';
import { ErrorOut as ErrorBody, Nullable, Checkpoint } from '../platform/http/response-schemas.ts';
import { TEXT_LIMITS } from '../kernel/limits.ts';

/** Each invite mails a stranger: enough for onboarding a squad, too few to spam with. */
const INVITES_PER_COACH = { max: 50, windowMs: 60 * 60 * 1000 };

const Uuid = Type.String({ format: 'uuid', maxLength: 36 });
const Pct = Type.Union([Type.Number(), Type.Null()]);

const EmailBody = Type.Object({ email: Type.String({ maxLength: TEXT_LIMITS.email }) }, { additionalProperties: false });
const InviteIdBody = Type.Object({ inviteId: Uuid }, { additionalProperties: false });
const UnlinkBody = Type.Object({ linkId: Type.Optional(Uuid), userId: Type.Optional(Uuid) }, { additionalProperties: false });
const InviteParams = Type.Object({ inviteId: Uuid });

const Invite = Type.Object({
  id: Type.String(),
  email: Type.String(),
  status: Type.String(),
  athlete_id: Nullable(Type.String()),
  created_at: Type.String(),
  accepted_at: Nullable(Type.String()),
});
const Link = Type.Object({ id: Type.String(), user_id: Type.String(), email: Type.String(), name: Nullable(Type.String()), linked_at: Type.String() });
const Client = Type.Object({
  id: Type.String(),
  name: Nullable(Type.String()),
  email: Type.String(),
  linkId: Type.String(),
  compliance: Type.Object({ d7: Pct, d30: Pct, d90: Pct, all: Pct }),
});
const Profile = Nullable(
  Type.Object({
    user_id: Type.String(),
    email: Type.String(),
    display_name: Nullable(Type.String()),
    first_name: Nullable(Type.String()),
    last_name: Nullable(Type.String()),
    full_name: Type.String(),
    profile_type: Type.String(),
    is_coach: Type.Boolean(),
    is_athlete: Type.Boolean(),
    created_at: Type.String(),
    updated_at: Type.String(),
  }),
);
const InviteSentBody = Type.Object({
  message: Type.String(),
  userExists: Type.Boolean(),
  emailSent: Type.Boolean(),
  emailError: Nullable(Type.String()),
  inviteId: Type.String(),
  checkpoint: Checkpoint,
});
const InviteResentBody = Type.Object({ message: Type.String(), emailSent: Type.Boolean(), emailError: Nullable(Type.String()), checkpoint: Checkpoint });
const Done = Type.Object({ success: Type.Boolean(), message: Type.String(), checkpoint: Checkpoint });
const Invitation = Type.Object({ id: Type.String(), coach_id: Type.String(), coach_name: Type.String(), coach_email: Nullable(Type.String()), created_at: Type.String() });

const MyCoach = Type.Object({ coach_id: Type.String(), coach_name: Type.String(), status: Type.Union([Type.Literal('linked'), Type.Literal('waiting')]) });

const errors = { '4xx': ErrorBody };

function checkEmail(raw: string): string {
  const problem = emailProblem(raw);
  if (problem) throw new DomainError(400, problem);
  return raw.trim().toLowerCase();
}

export function coachingRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const { pool, store, now } = deps;
  const onCoach = (coachId: string, actor: string, command: CoachCommand) => handleCommand(store, coachStream(coachId), coachDecider, command, { userId: actor, now });
  const auth = { preHandler: app.requireUser };
  // Clients, invites and links are a coach's: athlete-only accounts are refused here.
  const coach = { preHandler: app.requireCoach };
  const limiter = new RateLimiter(pool, now);

  /**
   * The mail goes out through the outbox; wait for the outcome of the event this command
   * appended to report it as the spec does. Only the appended events are read back (for
   * their ids): a coach's stream holds every invitation and link they ever made.
   */
  const mailOutcomeOf = async (coachId: string, result: CommandResult<CoachEvent>, type: 'InviteSent' | 'InviteResent', inviteId: string) => {
    const appended = result.append ? await store.readStream(coachStream(coachId), result.append.nextExpectedVersion - result.events.length + 1, result.events.length) : [];
    const stored = appended.findLast((e) => e.type === type && (e.data as { inviteId: string }).inviteId === inviteId);
    return stored ? q.mailOutcome(pool, stored.id) : { emailSent: false, emailError: null };
  };

  app.get(
    '/api/get-clients',
    { ...coach, schema: { tags: ['coaching'], response: { 200: Type.Object({ clients: Type.Array(Client), currentUserProfile: Profile }), ...errors } } },
    async (req) => {
      const coachId = userIdOf(req);
      const [clients, currentUserProfile, today] = await Promise.all([q.clientsOf(pool, coachId), q.profileOf(pool, coachId), todayFor(pool, coachId, now())]);
      const compliance = await complianceOf(
        pool,
        clients.map((c) => c.athleteId),
        today,
      );
      return {
        clients: clients.map((c) => ({
          id: c.athleteId,
          name: c.name,
          email: c.email,
          linkId: c.linkId,
          compliance: compliance.get(c.athleteId) ?? { d7: null, d30: null, d90: null, all: null },
        })),
        currentUserProfile,
      };
    },
  );

  app.get('/api/manage-invites', { ...coach, schema: { tags: ['coaching'], response: { 200: Type.Object({ invites: Type.Array(Invite) }), ...errors } } }, async (req) => ({
    invites: await q.invitesOf(pool, userIdOf(req)),
  }));

  app.post<{ Body: Static<typeof EmailBody> }>(
    '/api/manage-invites',
    { ...coach, schema: { tags: ['coaching'], body: EmailBody, response: { 200: InviteSentBody, ...errors } } },
    async (req) => {
      const coachId = userIdOf(req);
      const email = checkEmail(req.body.email);
      await limiter.hit([[`invite:coach:${coachId}`, INVITES_PER_COACH]]);
      const [coach, inviteeId] = await Promise.all([q.profileOf(pool, coachId), q.userIdByEmail(pool, email)]);
      const invitee = inviteeId ? await q.profileOf(pool, inviteeId) : null;
      const result = await onCoach(coachId, coachId, {
        type: 'SendInvite',
        coachId,
        coachEmail: req.user!.email,
        coachName: q.nameOf(coach, req.user!.email),
        email,
        // A stranger is greeted by the name in their address; an account holder by their own.
        athleteName: invitee ? q.nameOf(invitee, email) : email.split('@')[0],
      });
      const sent = result.events[0];
      const inviteId = (sent.data as { inviteId: string }).inviteId;
      const mail = await mailOutcomeOf(coachId, result, 'InviteSent', inviteId);
      return {
        message: inviteeId ? `Invitation sent to ${email}. They already have an account and can accept it from their Clients page.` : `Invitation sent to ${email}.`,
        userExists: inviteeId !== null,
        ...mail,
        inviteId,
        checkpoint: result.append?.checkpoint ?? null,
      };
    },
  );

  app.post<{ Params: Static<typeof InviteParams> }>(
    '/api/manage-invites/:inviteId/resend',
    { ...coach, schema: { tags: ['coaching'], params: InviteParams, response: { 200: InviteResentBody, ...errors } } },
    async (req) => {
      const coachId = userIdOf(req);
      const invite = await q.inviteById(pool, req.params.inviteId);
      // Another coach's invite is not found; it is checked before the limiter so probing costs nothing.
      if (!invite || invite.coach_id !== coachId) throw new DomainError(404, M.inviteNotFound);
      // A resend mails the invitee again: it counts like a new invite.
      await limiter.hit([[`invite:coach:${coachId}`, INVITES_PER_COACH]]);
      const [coach, inviteeId] = await Promise.all([q.profileOf(pool, coachId), q.userIdByEmail(pool, invite.email)]);
      const invitee = inviteeId ? await q.profileOf(pool, inviteeId) : null;
      const result = await onCoach(coachId, coachId, {
        type: 'ResendInvite',
        coachId,
        inviteId: req.params.inviteId,
        coachName: q.nameOf(coach, req.user!.email),
        athleteName: invitee ? q.nameOf(invitee, invite.email) : invite.email.split('@')[0],
      });
      const mail = await mailOutcomeOf(coachId, result, 'InviteResent', req.params.inviteId);
      return { message: `Invitation sent again to ${invite.email}.`, ...mail, checkpoint: result.append?.checkpoint ?? null };
    },
  );

  app.delete<{ Body: Static<typeof InviteIdBody> }>(
    '/api/manage-invites',
    { ...coach, schema: { tags: ['coaching'], body: InviteIdBody, response: { 200: Done, ...errors } } },
    async (req) => {
      const coachId = userIdOf(req);
      const result = await onCoach(coachId, coachId, { type: 'RevokeInvite', coachId, inviteId: req.body.inviteId });
      return { success: true, message: 'Invite cancelled.', checkpoint: result.append?.checkpoint ?? null };
    },
  );

  app.get('/api/manage-links', { ...coach, schema: { tags: ['coaching'], response: { 200: Type.Object({ links: Type.Array(Link) }), ...errors } } }, async (req) => {
    const clients = await q.clientsOf(pool, userIdOf(req));
    return { links: clients.map((c) => ({ id: c.linkId, user_id: c.athleteId, email: c.email, name: c.name, linked_at: c.linkedAt.toISOString() })) };
  });

  app.post<{ Body: Static<typeof EmailBody> }>(
    '/api/manage-links',
    { ...coach, schema: { tags: ['coaching'], body: EmailBody, response: { 200: Type.Object({ message: Type.String(), checkpoint: Checkpoint }), ...errors } } },
    async (req) => {
      const coachId = userIdOf(req);
      const email = checkEmail(req.body.email);
      const athleteId = await q.userIdByEmail(pool, email);
      const result = await onCoach(coachId, coachId, { type: 'LinkClient', coachId, email, athleteId });
      return { message: `${email} is now your client.`, checkpoint: result.append?.checkpoint ?? null };
    },
  );

  app.delete<{ Body: Static<typeof UnlinkBody> }>(
    '/api/manage-links',
    { ...coach, schema: { tags: ['coaching'], body: UnlinkBody, response: { 200: Done, ...errors } } },
    async (req) => {
      const coachId = userIdOf(req);
      const { linkId, userId } = req.body;
      if (!linkId && !userId) throw new DomainError(400, M.linkIdRequired);
      const athleteId = userId ?? (await q.linkById(pool, coachId, linkId!));
      if (!athleteId) throw new DomainError(404, M.linkNotFound);
      const result = await onCoach(coachId, coachId, { type: 'UnlinkClient', coachId, athleteId, ...(linkId ? { linkId } : {}) });
      return { success: true, message: 'Client unlinked.', checkpoint: result.append?.checkpoint ?? null };
    },
  );

  // The athlete's side: who coaches me, and whose accepted invitation waits for the coach's link.
  app.get('/api/my-coaches', { ...auth, schema: { tags: ['coaching'], response: { 200: Type.Object({ coaches: Type.Array(MyCoach) }), ...errors } } }, async (req) => ({
    coaches: await q.myCoaches(pool, userIdOf(req)),
  }));

  // The invitee's side: invitations addressed to the signed-in user's e-mail.
  app.get('/api/invitations', { ...auth, schema: { tags: ['coaching'], response: { 200: Type.Object({ invitations: Type.Array(Invitation) }), ...errors } } }, async (req) => ({
    invitations: await q.invitationsFor(pool, req.user!.email),
  }));

  app.post<{ Params: Static<typeof InviteParams> }>(
    '/api/invitations/:inviteId/accept',
    { ...auth, schema: { tags: ['coaching'], params: InviteParams, response: { 200: Done, ...errors } } },
    async (req) => {
      const athleteId = userIdOf(req);
      const invite = await q.inviteById(pool, req.params.inviteId);
      // Someone else's invitation is "not found": its existence is none of the caller's business.
      if (!invite || invite.email !== req.user!.email.toLowerCase()) throw new DomainError(404, M.inviteNotFound);
      const result = await onCoach(invite.coach_id, athleteId, {
        type: 'AcceptInvite',
        coachId: invite.coach_id,
        inviteId: req.params.inviteId,
        athleteId,
        athleteEmail: req.user!.email,
      });
      return { success: true, message: 'Invitation accepted.', checkpoint: result.append?.checkpoint ?? null };
    },
  );
}
