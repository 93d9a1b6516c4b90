/**
 * The spec's `/api/send-email` (used by the e-mail demo page) and the outbox listing
 * that lets the operator on the default setup read and click what was "sent".
 * Every mail goes through email_outbox, so one per-recipient limit covers all mail.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type pg from 'pg';
import { listOutbox } from '../../emails/mailer.ts';
import { DomainError } from '../kernel/decider.ts';
import { isOperator } from '../platform/http/operator.ts';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { clientsOf } from '../coaching/index.ts';
import { profileName } from '../accounts/index.ts';
import { EMAILS_PER_RECIPIENT_PER_HOUR, RATE_LIMIT_MESSAGE, type MailSender } from '../platform/mail/sender.ts';
import { MAIL_LIMIT_LOCK } from '../platform/locks.ts';
import { enqueueMail } from '../platform/mail/outbox.ts';

const DEMO_KINDS = ['welcome', 'confirmation', 'password-reset', 'invitation', 'workout-assigned', 'weekly-recap'] as const;

const SendEmail = Type.Object(
  {
    to: Type.String({ maxLength: 254 }),
    template: Type.Union(DEMO_KINDS.map((k) => Type.Literal(k))),
    data: Type.Optional(Type.Object({ name: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false })),
    // Named so the answer can say why they are refused rather than "unknown field".
    subject: Type.Optional(Type.String({ maxLength: 300 })),
    html: Type.Optional(Type.String({ maxLength: 200_000 })),
  },
  { additionalProperties: false },
);

const SentOut = Type.Object({
  success: Type.Boolean(),
  messageId: Type.String({ description: 'The outbox row id.' }),
  status: Type.String({ description: 'sent, or pending / sending while it waits in the outbox' }),
});
const OutboxOut = Type.Object({
  messages: Type.Array(Type.Object({ id: Type.String(), to: Type.String(), subject: Type.String(), sentAt: Type.String({ format: 'date-time' }), html: Type.String() })),
  smtp: Type.Optional(Type.Boolean({ description: 'true (and no messages) when mail goes out over SMTP: there is no local outbox.' })),
});

export const SEND_EMAIL_MESSAGES = {
  templatesOnly: "Only Spotter's own e-mail templates can be sent; custom subjects and HTML are not allowed.",
  recipient: 'You can only send e-mails to yourself or to athletes you coach.',
} as const;

/** Sample data for the demo page's template buttons. */
function demoData(kind: (typeof DEMO_KINDS)[number], name: string, sender: string, appUrl: string): Record<string, unknown> {
  const link = `${appUrl}/email-demo`;
  switch (kind) {
    case 'welcome':
      return { name, link: `${appUrl}/signin` };
    case 'confirmation':
      return { name, link: `${appUrl}/confirm?token=demo-token` };
    case 'password-reset':
      return { name, link: `${appUrl}/reset-password?access_token=demo-token&type=recovery` };
    case 'invitation':
      return { athleteName: name, coachName: sender, link };
    case 'workout-assigned':
      return { athleteName: name, workoutName: 'Lower Body Strength', coachName: sender, link };
    case 'weekly-recap':
      return { name, summary: { workoutsCompleted: 4, totalDuration: 245, streak: 6, nextWorkout: 'Upper Body Power on Monday' }, link };
  }
}

export function emailRoutes(app: FastifyInstance, deps: { pool: pg.Pool; sender: MailSender; outboxDir: string | null; appUrl: string; operatorKey: string; now: () => Date }) {
  // Only signed-in users, only our templates, only to themselves or their own linked
  // athletes: anything wider is a relay for phishing in our name.
  app.post<{ Body: Static<typeof SendEmail> }>(
    '/api/send-email',
    { preHandler: app.requireUser, schema: { tags: ['email'], body: SendEmail, response: { 200: SentOut } } },
    async (req) => {
      const { to, template, data, subject, html } = req.body;
      if (subject !== undefined || html !== undefined) throw new DomainError(400, SEND_EMAIL_MESSAGES.templatesOnly);
      const recipient = to.trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(recipient)) throw new DomainError(400, 'Please enter a valid email address.');
      const self = req.user!.email.trim().toLowerCase();
      if (recipient !== self) {
        const athletes = await clientsOf(deps.pool, userIdOf(req));
        if (!athletes.some((a) => a.email.toLowerCase() === recipient)) throw new DomainError(403, SEND_EMAIL_MESSAGES.recipient);
      }
      const id = randomUUID();
      // Mail "from the coach" is signed with the sender's own name, as their profile shows it.
      const sender = await profileName(deps.pool, userIdOf(req));
      const row = { kind: template, data: demoData(template, data?.name?.trim() || 'Athlete', sender, deps.appUrl) };
      const client = await deps.pool.connect();
      try {
        await client.query('BEGIN');
        // Serialises sends to one recipient so the count below cannot be raced.
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [MAIL_LIMIT_LOCK, recipient]);
        const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE recipient = $1 AND status <> 'failed' AND created_at > $2`, [
          recipient,
          new Date(deps.now().getTime() - 60 * 60 * 1000),
        ]);
        if (rows[0].n >= EMAILS_PER_RECIPIENT_PER_HOUR) throw new DomainError(429, RATE_LIMIT_MESSAGE);
        await enqueueMail(client, [{ id, key: `api:${id}`, kind: row.kind, recipient, data: row.data, createdAt: deps.now() }]);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
      await deps.sender.flush();
      const { rows } = await deps.pool.query<{ status: string; error: string | null }>('SELECT status, error FROM email_outbox WHERE id = $1', [id]);
      if (rows[0]?.status === 'failed') throw new DomainError(rows[0].error === RATE_LIMIT_MESSAGE ? 429 : 502, rows[0].error ?? 'Failed to send email');
      return { success: true, messageId: id, status: rows[0]?.status ?? 'pending' };
    },
  );

  // The local outbox holds every mail, with live confirmation, reset and invitation
  // links: the operator (X-Operator-Key, printed at start) sees all of it; a signed-in
  // user sees only the mails addressed to them; nobody else sees anything.
  app.get('/api/outbox', { schema: { tags: ['email'], response: { 200: OutboxOut } } }, async (req) => {
    if (!deps.outboxDir) return { messages: [], smtp: true };
    const operator = isOperator(req, deps.operatorKey);
    if (!operator) await app.requireUser(req);
    const mine = (m: { to: string }) => operator || m.to.trim().toLowerCase() === req.user!.email.trim().toLowerCase();
    const messages = (await listOutbox(deps.outboxDir, 500)).filter(mine).slice(0, 50);
    return { messages: messages.map(({ id, to, subject, sentAt, html }) => ({ id, to, subject, sentAt, html })) };
  });
}
