/** Texts of the coaching errors; the web shows them after the spec's prefixes ("Error creating invite: …"). */
export const COACHING_MESSAGES = {
  emailRequired: 'Email is required.',
  invalidEmail: 'Please enter a valid email address.',
  inviteSelf: 'You cannot invite yourself.',
  linkSelf: 'You cannot link yourself as your own client.',
  alreadyClient: (email: string) => `${email} is already your client.`,
  alreadyInvited: (email: string) => `You have already invited ${email}. Cancel that invite to send a new one.`,
  alreadyAccepted: (email: string) => `${email} has already accepted your invite. Link them under Accepted but Not Linked.`,
  notAccepted: (email: string) => `${email} has not accepted your invite yet.`,
  inviteNotFound: 'Invite not found.',
  resendNotPending: 'Only a pending invite can be sent again.',
  inviteForSomeoneElse: 'This invitation was sent to another e-mail address.',
  inviteWithdrawn: 'This invitation has been withdrawn by the coach.',
  linkNotFound: 'Client link not found.',
  linkIdRequired: 'linkId or userId is required.',
} as const;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with an e-mail the user typed, or null. */
export function emailProblem(raw: string): string | null {
  const email = raw.trim();
  if (!email) return COACHING_MESSAGES.emailRequired;
  if (!EMAIL_SHAPE.test(email)) return COACHING_MESSAGES.invalidEmail;
  return null;
}
