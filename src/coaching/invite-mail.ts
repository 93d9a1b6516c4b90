/**
 * InviteSent → the invitation e-mail. Runs in the mail reactor's transaction, so the
 * token row and the queued mail commit together, exactly once per event.
 */
import type { MailRule } from '../platform/mail/reactor.ts';
import type { CoachEvent } from './domain/coach.ts';
import { INVITE_TOKEN_TTL_MS, issueInviteToken } from './invite-tokens.ts';

type InviteSent = Extract<CoachEvent, { type: 'InviteSent' }>['data'];

export const inviteMailRule: MailRule = async (e, { tx, appUrl, issuedAt }) => {
  const d = e.data as InviteSent;
  // Someone who already has an account accepts signed in, from their Clients page;
  // a signup link would only tell them the address is taken.
  const { rows } = await tx.query('SELECT 1 FROM user_credentials WHERE email = $1', [d.email]);
  let link = `${appUrl}/clients`;
  if (rows.length === 0) {
    const token = await issueInviteToken(tx, d, new Date(issuedAt.getTime() + INVITE_TOKEN_TTL_MS));
    if (!token) return []; // already mailed for this invite
    link = `${appUrl}/signup?invite=${token}&email=${encodeURIComponent(d.email)}`;
  }
  return [{ kind: 'invitation', recipient: d.email, data: { athleteName: d.athleteName, coachName: d.coachName, link } }];
};
