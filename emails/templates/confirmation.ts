import { CONFIRMATION_LINK_HOURS, PRODUCT_NAME } from './brand.ts';
import { block, button, headline, layout, linkFallback, note, paragraph } from './layout.ts';
import { checkedLink, checkedText, mjml } from './markup.ts';
import { greeting, plainText, type EmailTemplate } from './template.ts';

export interface ConfirmationData {
  name: string;
  /** The /confirm?token=… URL, built by whoever issued the token. */
  link: string;
}

const VALIDITY = `This link is valid for ${CONFIRMATION_LINK_HOURS} hours.`;
const NOT_YOU = `If you did not create a ${PRODUCT_NAME} account, you can ignore this e-mail.`;

export const confirmation: EmailTemplate<ConfirmationData> = {
  subject: () => `Confirm your ${PRODUCT_NAME} account`,

  mjml(data) {
    const name = checkedText(data.name, 'name');
    const link = checkedLink(data.link);
    return layout({
      title: `Confirm your ${PRODUCT_NAME} account`,
      preview: `One click to activate your account. ${VALIDITY}`,
      sections: [
        block(
          headline('Confirm your e-mail address'),
          paragraph(mjml`${greeting(name)} thanks for signing up to ${PRODUCT_NAME}. Please confirm that this is your e-mail address so we can activate your account.`),
          button('Confirm my account', link),
          note(mjml`<strong>${VALIDITY}</strong> ${NOT_YOU}`),
          linkFallback(link),
        ),
      ],
    });
  },

  text(data) {
    const name = checkedText(data.name, 'name');
    const link = checkedLink(data.link);
    return plainText(greeting(name), `Thanks for signing up to ${PRODUCT_NAME}. Please confirm your e-mail address to activate your account:`, link, `${VALIDITY} ${NOT_YOU}`);
  },
};
