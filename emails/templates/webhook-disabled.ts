import { PRODUCT_NAME } from './brand.ts';
import { block, button, callout, headline, layout, linkFallback, paragraph } from './layout.ts';
import { checkedLink, checkedText, mjml } from './markup.ts';
import { plainText, type EmailTemplate } from './template.ts';

/** Sent to a coach when the server stops delivering to one of their webhook endpoints. */
export interface WebhookDisabledData {
  name: string;
  /** The endpoint's URL. */
  url: string;
  /** Why it was disabled (410 Gone, or failures for about three days). */
  reason: string;
  /** The Webhooks page. */
  link: string;
}

const NEXT = 'Fix the receiver, then enable the endpoint again on the Webhooks page; events from now on will be delivered. The delivery log shows what the receiver answered.';

export const webhookDisabled: EmailTemplate<WebhookDisabledData> = {
  subject: () => `A webhook endpoint was disabled`,

  mjml(data) {
    const name = checkedText(data.name, 'name');
    const url = checkedText(data.url, 'url');
    const reason = checkedText(data.reason, 'reason');
    const link = checkedLink(data.link);
    return layout({
      title: 'Webhook endpoint disabled',
      preview: `${PRODUCT_NAME} stopped delivering to ${url}.`,
      sections: [
        block(
          headline(`Hi ${name}, a webhook endpoint was disabled`),
          paragraph(mjml`${PRODUCT_NAME} stopped delivering events to this endpoint:`),
          callout(url),
          paragraph(mjml`${reason}`),
          paragraph(mjml`${NEXT}`),
          button('Open Webhooks', link),
          linkFallback(link),
        ),
      ],
    });
  },

  text(data) {
    const name = checkedText(data.name, 'name');
    const url = checkedText(data.url, 'url');
    const reason = checkedText(data.reason, 'reason');
    const link = checkedLink(data.link);
    return plainText(`Hi ${name}, a webhook endpoint was disabled.`, `${PRODUCT_NAME} stopped delivering events to ${url}.`, reason, NEXT, `Webhooks: ${link}`);
  },
};
