import { PRODUCT_NAME, RESET_LINK_HOURS } from './brand.ts';
import { block, button, headline, layout, linkFallback, note, paragraph } from './layout.ts';
import { checkedLink, mjml, optionalText } from './markup.ts';
import { greeting, plainText, type EmailTemplate } from './template.ts';

export interface PasswordResetData {
  /** Optional: a reset can be requested for an address whose name we do not show. */
  name?: string;
  /** The /reset-password?token=… URL. */
  link: string;
}

const VALIDITY = `This link is valid for ${RESET_LINK_HOURS} hour.`;
const NOT_YOU = 'If you did not ask to reset your password, ignore this e-mail and your password stays the same.';

export const passwordReset: EmailTemplate<PasswordResetData> = {
  subject: () => `Reset your ${PRODUCT_NAME} password`,

  mjml(data) {
    const name = optionalText(data.name, 'name');
    const link = checkedLink(data.link);
    return layout({
      title: `Reset your ${PRODUCT_NAME} password`,
      preview: `Choose a new password. ${VALIDITY}`,
      sections: [
        block(
          headline('Reset your password'),
          paragraph(mjml`${greeting(name)} we received a request to reset the password of your ${PRODUCT_NAME} account. Choose a new one with the button below.`),
          button('Choose a new password', link),
          note(mjml`<strong>${VALIDITY}</strong> ${NOT_YOU}`),
          linkFallback(link),
        ),
      ],
    });
  },

  text(data) {
    const name = optionalText(data.name, 'name');
    const link = checkedLink(data.link);
    return plainText(greeting(name), `We received a request to reset the password of your ${PRODUCT_NAME} account. Choose a new one here:`, link, `${VALIDITY} ${NOT_YOU}`);
  },
};
