/**
 * InviteSent and InviteResent → the invitation e-mail. Runs in the mail reactor's
 * transaction, so the token row and the queued mail commit together, exactly once per event.
 */
import type { MailRule } from '../platform/mail/reactor.ts';
import type { CoachEvent } from './domain/coach.ts';
import { INVITE_TOKEN_TTL_MS, issueInviteToken, reissueInviteToken } from './invite-tokens.ts';

type InviteMailed = Extract<CoachEvent, { type: 'InviteSent' | 'InviteResent' }>['data'];

export const inviteMailRule: MailRule = async (e, { tx, appUrl, issuedAt }) => {
  const d = e.data as InviteMailed;
  // Someone who already has an account accepts signed in, from their Clients page;
  // a signup link would only tell them the address is taken.
  const { rows } = await tx.query('SELECT 1 FROM user_credentials WHERE email = $1', [d.email]);
  let link = `${appUrl}/clients`;
  if (rows.length === 0) {
    const expiresAt = new Date(issuedAt.getTime() + INVITE_TOKEN_TTL_MS);
    const token = e.type === 'InviteResent' ? await reissueInviteToken(tx, d, expiresAt) : await issueInviteToken(tx, d, expiresAt);
    if (!token) return []; // already mailed for this invite
    link = `${appUrl}/signup?invite=${token}&email=${encodeURIComponent(d.email)}`;
  }
  // Without an account there is no name, only the address: "Hi there", not "Hi <local part>".
  const named = rows.length > 0;
  return [{ kind: 'invitation', recipient: d.email, data: { ...(named ? { athleteName: d.athleteName } : {}), coachName: d.coachName, link } }];
};
