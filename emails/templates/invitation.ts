import { PRODUCT_NAME } from './brand.ts';
import { block, button, headline, layout, linkFallback, note, paragraph } from './layout.ts';
import { checkedLink, checkedText, mjml, senderName } from './markup.ts';
import { greeting, plainText, type EmailTemplate } from './template.ts';

export interface InvitationData {
  /** Absent for someone without an account: the mail then says "Hi there", never the address's local part. */
  athleteName?: string;
  coachName: string;
  /** Caller-supplied invite link; its shape is not fixed by the spec. */
  link: string;
}

/** The coach's name as they chose it, made safe to put before someone else's eyes (senderName). */
const coachOf = (data: InvitationData) => senderName(data.coachName, 'coachName', 'Your coach');

function fields(data: InvitationData) {
  return {
    athlete: data.athleteName === undefined ? undefined : checkedText(data.athleteName, 'athleteName'),
    coach: coachOf(data),
    link: checkedLink(data.link),
  };
}

const IGNORE = 'Not expecting this? You can ignore this e-mail and nothing will change.';

export const invitation: EmailTemplate<InvitationData> = {
  subject: (data) => `${coachOf(data)} invited you to train on ${PRODUCT_NAME}`,

  mjml(data) {
    const { athlete, coach, link } = fields(data);
    return layout({
      title: `Your invitation to ${PRODUCT_NAME}`,
      preview: `${coach} wants to coach you on ${PRODUCT_NAME}.`,
      // The invitee may have no account: the mail is here because a coach typed this address.
      reason: mjml`because ${coach} invited this address to ${PRODUCT_NAME}`,
      sections: [
        block(
          headline(`${coach} wants to coach you`),
          paragraph(mjml`${greeting(athlete)} <strong>${coach}</strong> has invited you to join their team on ${PRODUCT_NAME}.`),
          paragraph(mjml`Once you accept, the workouts ${coach} plans for you appear on your calendar, and you can log your sets, track personal bests and message each other.`),
          button('Accept invitation', link),
          note(mjml`${IGNORE}`),
          linkFallback(link),
        ),
      ],
    });
  },

  text(data) {
    const { athlete, coach, link } = fields(data);
    return plainText(
      greeting(athlete),
      `${coach} has invited you to join their team on ${PRODUCT_NAME}. Once you accept, the workouts ${coach} plans for you appear on your calendar, and you can log your sets, track personal bests and message each other.`,
      `Accept the invitation:\n${link}`,
      IGNORE,
      `You are receiving this e-mail because ${coach} invited this address to ${PRODUCT_NAME}.`,
    );
  },
};
