/** Accounts over HTTP: sign-up, sign-in, sessions, confirmation and password reset. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { MESSAGES, MAX_PASSWORD, normalizeEmail, type AuthService } from './auth-service.ts';
import { DomainError } from '../kernel/decider.ts';
import { LIMITS, type RateLimiter } from '../platform/http/rate-limit.ts';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { EmailConfirmedOut, MeOut } from './schemas.ts';
import { ErrorOut as ErrorBody } from '../platform/http/response-schemas.ts';
import { TEXT_LIMITS } from '../kernel/limits.ts';

const Email = Type.String({ maxLength: TEXT_LIMITS.email });
const Password = Type.String({ maxLength: MAX_PASSWORD * 4 });
const SessionBody = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  expiresAt: Type.Number(),
  user: Type.Object({ id: Type.String(), email: Type.String(), fullName: Type.String(), isCoach: Type.Boolean(), isAthlete: Type.Boolean() }),
});
const Message = Type.Object({ message: Type.String() });
const SignUpResult = Type.Object({ message: Type.String(), confirmed: Type.Boolean() });

const SignUp = Type.Object(
  {
    fullName: Type.String({ maxLength: TEXT_LIMITS.fullName }),
    email: Email,
    password: Password,
    accessCode: Type.Optional(Type.String({ maxLength: TEXT_LIMITS.accessCode })),
    inviteToken: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
const SignIn = Type.Object({ email: Email, password: Password }, { additionalProperties: false });
const EmailOnly = Type.Object({ email: Email }, { additionalProperties: false });
const RefreshBody = Type.Object({ refreshToken: Type.String({ maxLength: 200 }) }, { additionalProperties: false });
const ResetBody = Type.Object({ token: Type.String({ maxLength: 200 }), password: Password }, { additionalProperties: false });

const BecomeCoachBody = Type.Object({ accessCode: Type.String({ maxLength: TEXT_LIMITS.accessCode }) }, { additionalProperties: false });
const BecameCoach = Type.Object({ success: Type.Boolean(), message: Type.String(), user: SessionBody.properties.user, checkpoint: Type.Union([Type.String(), Type.Null()]) });

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function requireFields(values: Record<string, unknown>, message: string): void {
  if (Object.values(values).some((v) => typeof v !== 'string' || v.trim() === '')) throw new DomainError(400, message);
}

function checkEmail(email: string): void {
  if (!EMAIL_SHAPE.test(email.trim())) throw new DomainError(400, 'Please enter a valid email address.');
}

export interface InviteLookup {
  /** Resolves an invitation token to the invite it belongs to, or null. */
  (token: string): Promise<{ id: string; email: string } | null>;
}

export function authRoutes(app: FastifyInstance, deps: { auth: AuthService; limiter: RateLimiter; findInvite?: InviteLookup }) {
  const { auth, limiter } = deps;
  const ipBucket = (req: FastifyRequest, what: string) => `${what}:ip:${req.ip}`;

  app.post<{ Body: Static<typeof SignUp> }>(
    '/api/auth/signup',
    { schema: { tags: ['auth'], body: SignUp, response: { 201: SignUpResult, '4xx': ErrorBody } } },
    async (req, reply) => {
      const { fullName, email, password, accessCode, inviteToken } = req.body;
      requireFields({ fullName, email, password, ...(inviteToken ? {} : { accessCode }) }, 'Full Name, Email, Password and Access Code are required.');
      checkEmail(email);
      await limiter.hit([inviteToken ? [ipBucket(req, 'signup-invited'), LIMITS.invitedSignUpPerIp] : [ipBucket(req, 'signup'), LIMITS.signUpPerIp]]);
      let invite: { id: string; email: string } | undefined;
      if (inviteToken) {
        invite = (await deps.findInvite?.(inviteToken)) ?? undefined;
        if (!invite) throw new DomainError(400, 'This invitation link is invalid or has expired.');
      }
      const result = await auth.signUp({ fullName, email, password, accessCode, invite });
      return reply.status(201).send({
        message: result.confirmed ? 'Account created. You can sign in now.' : 'Account created. Please check your email to confirm your address.',
        confirmed: result.confirmed,
      });
    },
  );

  app.post<{ Body: Static<typeof SignIn> }>('/api/auth/signin', { schema: { tags: ['auth'], body: SignIn, response: { 200: SessionBody, '4xx': ErrorBody } } }, async (req) => {
    requireFields(req.body, 'Email and password are required.');
    const failures: [string, typeof LIMITS.signInFailuresPerIp][] = [
      [ipBucket(req, 'signin-failed'), LIMITS.signInFailuresPerIp],
      [`signin-failed:email-ip:${normalizeEmail(req.body.email)}|${req.ip}`, LIMITS.signInFailuresPerEmailIp],
    ];
    return limiter.failures(
      failures,
      () => auth.signIn(req.body.email, req.body.password),
      (e) => e instanceof DomainError && e.status === 401,
    );
  });

  app.post<{ Body: Static<typeof RefreshBody> }>(
    '/api/auth/refresh',
    { schema: { tags: ['auth'], body: RefreshBody, response: { 200: SessionBody, '4xx': ErrorBody } } },
    async (req) => auth.refresh(req.body.refreshToken),
  );

  // Signs out by the session of the bearer token, or, when that has just expired, by
  // the refresh token, so a user can always end a session they hold.
  app.post<{ Body: { refreshToken?: string } | undefined }>(
    '/api/auth/signout',
    {
      schema: {
        tags: ['auth'],
        response: { 200: Type.Object({ success: Type.Boolean() }), '4xx': ErrorBody },
      },
    },
    async (req) => {
      if (req.user) await auth.signOut(req.user.sid);
      else if (typeof req.body?.refreshToken === 'string') {
        // A refresh token that opens no session is refused, as refresh refuses it.
        if (!(await auth.signOutByRefreshToken(req.body.refreshToken))) throw new DomainError(401, MESSAGES.sessionExpired);
      } else throw new DomainError(401, 'No authentication token available');
      return { success: true };
    },
  );

  // "Become a coach": an athlete-only account (made from an invitation) enters the
  // access code. Wrong codes count against the caller, so the code cannot be guessed.
  app.post<{ Body: Static<typeof BecomeCoachBody> }>(
    '/api/auth/become-coach',
    {
      preHandler: app.requireUser,
      schema: { tags: ['auth'], body: BecomeCoachBody, response: { 200: BecameCoach, '4xx': ErrorBody } },
    },
    async (req) => {
      requireFields(req.body, 'Please enter the access code.');
      const userId = userIdOf(req);
      const result = await limiter.failures(
        [[`become-coach:user:${userId}`, LIMITS.signUpPerIp]],
        () => auth.becomeCoach(userId, req.body.accessCode),
        (e) => e instanceof DomainError && e.status === 400,
      );
      return { success: true, message: 'You are now a coach. Invite your first athlete from Your Clients.', ...result };
    },
  );

  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify route handler: async so a throw becomes an error reply like in every other route
  app.get('/api/auth/me', { preHandler: app.requireUser, schema: { tags: ['auth'], response: { 200: MeOut } } }, async (req) => ({
    user: { id: userIdOf(req), email: req.user!.email },
  }));

  // Both mail a one-time link to an address, and both answer the same whether or not
  // it has an account; limits per IP and per address keep them from being a mail cannon.
  const mailingRoutes = [
    ['/api/auth/resend-confirmation', (email: string) => auth.resendConfirmation(email), MESSAGES.confirmationSent],
    ['/api/auth/recover', (email: string) => auth.requestPasswordReset(email), MESSAGES.resetSent],
  ] as const;
  for (const [url, send, message] of mailingRoutes) {
    app.post<{ Body: Static<typeof EmailOnly> }>(url, { schema: { tags: ['auth'], body: EmailOnly, response: { 200: Message, '4xx': ErrorBody } } }, async (req) => {
      requireFields(req.body, 'Please enter your email address first.');
      await limiter.hit([
        [ipBucket(req, 'mail'), LIMITS.mailPerIp],
        [`mail:email:${normalizeEmail(req.body.email)}`, LIMITS.mailPerEmail],
      ]);
      await send(req.body.email);
      return { message };
    });
  }

  app.post<{ Body: Static<typeof ResetBody> }>(
    '/api/auth/reset-password',
    { schema: { tags: ['auth'], body: ResetBody, response: { 200: Message, '4xx': ErrorBody } } },
    async (req) => {
      if (!req.body.token) throw new DomainError(400, MESSAGES.invalidResetLink);
      await auth.resetPassword(req.body.token, req.body.password);
      return { message: 'Your password has been updated. You can sign in with your new password.' };
    },
  );

  // The spec's confirmation call: GET with the token from the e-mailed link.
  app.get<{ Querystring: { token?: string } }>(
    '/api/confirm-email',
    { schema: { tags: ['auth'], querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }), response: { 200: EmailConfirmedOut } } },
    async (req, reply) => {
      if (!req.query.token) return reply.status(400).send({ success: false, error: 'Invalid confirmation link. Please check your email and try again.' });
      try {
        const user = await auth.confirmEmail(req.query.token);
        return {
          success: true,
          userId: user.id,
          email: user.email,
          userData: { full_name: user.fullName, is_coach: user.isCoach, is_athlete: user.isAthlete },
        };
      } catch (e) {
        if (e instanceof DomainError) return reply.status(e.status).send({ success: false, error: e.message });
        throw e;
      }
    },
  );
}
