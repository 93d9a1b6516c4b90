import { PRODUCT_NAME } from './brand.ts';
import { block, button, headline, layout, linkFallback, paragraph } from './layout.ts';
import { checkedLink, checkedText, mjml } from './markup.ts';
import { plainText, type EmailTemplate } from './template.ts';

export interface WelcomeData {
  name: string;
  /** The sign-in page. */
  link: string;
}

const INTRO =
  'Spotter brings coaches and athletes together: workouts are planned and assigned in one place, every set is logged as you train, and progress shows up as personal bests, time totals and day streaks.';
const NEXT = 'Sign in whenever you are ready. When a workout is assigned to you, we will send it your way.';

export const welcome: EmailTemplate<WelcomeData> = {
  subject: (data) => `Welcome to ${PRODUCT_NAME}, ${checkedText(data.name, 'name')}`,

  mjml(data) {
    const name = checkedText(data.name, 'name');
    const link = checkedLink(data.link);
    return layout({
      title: `Welcome to ${PRODUCT_NAME}`,
      preview: 'Your training home is ready.',
      sections: [
        block(
          headline(`Welcome to ${PRODUCT_NAME}, ${name}!`),
          paragraph(mjml`${INTRO}`),
          paragraph(mjml`${NEXT}`),
          button(`Sign in to ${PRODUCT_NAME}`, link),
          paragraph(mjml`See you on the platform,<br />The ${PRODUCT_NAME} team`),
          linkFallback(link),
        ),
      ],
    });
  },

  text(data) {
    const name = checkedText(data.name, 'name');
    const link = checkedLink(data.link);
    return plainText(`Welcome to ${PRODUCT_NAME}, ${name}!`, INTRO, NEXT, `Sign in: ${link}`, `See you on the platform,\nThe ${PRODUCT_NAME} team`);
  },
};
