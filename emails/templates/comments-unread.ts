import { PRODUCT_NAME } from './brand.ts';
import { block, button, headline, layout, linkFallback, paragraph } from './layout.ts';
import { checkedLink, checkedText, mjml, senderName } from './markup.ts';
import { greeting, plainText, type EmailTemplate } from './template.ts';

/** One unread workout comment as the mail lists it. */
export interface UnreadComment {
  author: string;
  /** "Lower Body, Tue, Jan 8" and, for a set, "Back Squat set 2". */
  where: string;
  text: string;
}

/** The batched mail of workout comments still unread (src/comments/unread-mail.ts). */
export interface CommentsUnreadData {
  name: string;
  comments: UnreadComment[];
  link: string;
}

/** A comment is quoted up to this many characters; the rest is on the page. */
const QUOTE_MAX = 300;

function quote(text: string): string {
  const chars = [...checkedText(text, 'comments.text')];
  return chars.length > QUOTE_MAX ? `${chars.slice(0, QUOTE_MAX - 1).join('')}…` : chars.join('');
}

function fields(data: CommentsUnreadData) {
  return {
    name: checkedText(data.name, 'name'),
    link: checkedLink(data.link),
    comments: data.comments.map((c, i) => ({
      // Names someone chose go into a mail to someone else: bounded, nothing link-like.
      author: senderName(c.author, `comments[${i}].author`, 'Someone'),
      where: checkedText(c.where, `comments[${i}].where`),
      text: quote(c.text),
    })),
  };
}

const count = (n: number) => (n === 1 ? '1 unread comment' : `${n} unread comments`);

export const commentsUnread: EmailTemplate<CommentsUnreadData> = {
  subject: (data) => `You have ${count(data.comments.length)} on ${PRODUCT_NAME}`,

  mjml(data) {
    const { name, link, comments } = fields(data);
    return layout({
      title: count(comments.length),
      preview: `${comments[0]?.author ?? 'Someone'} commented on a workout.`,
      sections: [
        block(
          headline(`You have ${count(comments.length)}`),
          paragraph(mjml`${greeting(name)} these comments on your workouts are waiting for you:`),
          ...comments.map((c) => paragraph(mjml`<strong>${c.author}</strong> on ${c.where}:<br />“${c.text}”`)),
          button('Open the workout', link),
          linkFallback(link),
        ),
      ],
    });
  },

  text(data) {
    const { name, link, comments } = fields(data);
    return plainText(
      greeting(name),
      `These comments on your workouts on ${PRODUCT_NAME} are waiting for you:`,
      comments.map((c) => `${c.author} on ${c.where}:\n  "${c.text}"`).join('\n\n'),
      `Reply here:\n${link}`,
    );
  },
};
