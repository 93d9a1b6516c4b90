/**
 * The shared Spotter shell and the building blocks templates are made of.
 * Templates compose these instead of writing raw MJML so that all six e-mails
 * look alike and a style change happens in one place.
 */
import { COLORS, FONT_STACK, PRODUCT_NAME } from './brand.ts';
import { Markup, mjml } from './markup.ts';

export interface LayoutOptions {
  /** The <title>, shown by some clients in the tab or window. */
  title: string;
  /** Inbox preview line; without it clients show the first words of the body. */
  preview: string;
  /** Sections placed inside the white card. */
  sections: readonly Markup[];
  /** Why this address gets the mail, after "You are receiving this e-mail"; default: the reader's account. */
  reason?: Markup;
}

export function layout({ title, preview, sections, reason }: LayoutOptions): Markup {
  return mjml`<mjml lang="en">
  <mj-head>
    <mj-title>${title}</mj-title>
    <mj-preview>${preview}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${FONT_STACK}" />
      <mj-section padding="0" />
      <mj-column padding="0" />
      <mj-text color="${COLORS.body}" font-size="16px" line-height="26px" padding="0 0 16px 0" />
      <mj-button background-color="${COLORS.accent}" color="#ffffff" font-size="16px" font-weight="600" border-radius="8px" inner-padding="14px 28px" padding="8px 0 24px 0" align="left" />
      <mj-class name="headline" color="${COLORS.ink}" font-size="26px" line-height="34px" font-weight="700" padding="0 0 16px 0" />
      <mj-class name="small" color="${COLORS.muted}" font-size="13px" line-height="20px" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${COLORS.page}" width="600px">
    <mj-section padding="32px 24px 16px 24px">
      <mj-column>
        <mj-text color="${COLORS.ink}" font-size="24px" line-height="28px" font-weight="800" letter-spacing="0.5px" padding="0 8px">${PRODUCT_NAME}<span style="color:${COLORS.accent};">.</span></mj-text>
      </mj-column>
    </mj-section>
    <mj-wrapper background-color="${COLORS.card}" border-radius="12px" padding="40px 32px 24px 32px">
      ${sections}
    </mj-wrapper>
    <mj-section padding="24px 32px 40px 32px">
      <mj-column>
        <mj-text mj-class="small" align="center" padding="0 0 8px 0">You are receiving this e-mail ${reason ?? mjml`because of your ${PRODUCT_NAME} account`}. It was sent from an unmonitored address, so replies are not read.</mj-text>
        <mj-text mj-class="small" align="center" padding="0">${PRODUCT_NAME} &#183; spotter.app</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/** A full-width block of content inside the card. */
export function block(...content: Markup[]): Markup {
  return mjml`<mj-section><mj-column>${content}</mj-column></mj-section>`;
}

export function headline(text: string): Markup {
  return mjml`<mj-text mj-class="headline">${text}</mj-text>`;
}

/** Paragraph content is Markup so callers can bold a name; plain strings go through `mjml` first. */
export function paragraph(content: Markup): Markup {
  return mjml`<mj-text>${content}</mj-text>`;
}

export function note(content: Markup): Markup {
  return mjml`<mj-text mj-class="small">${content}</mj-text>`;
}

export function button(label: string, href: string): Markup {
  return mjml`<mj-button href="${href}">${label}</mj-button>`;
}

/** A tinted call-out, used for the one thing the reader should notice (a workout name). */
export function callout(text: string): Markup {
  return mjml`<mj-text container-background-color="${COLORS.accentSoft}" color="${COLORS.ink}" font-size="18px" line-height="26px" font-weight="700" padding="16px 20px">${text}</mj-text>
<mj-spacer height="16px" />`;
}

/** Some clients strip buttons; the raw link keeps the e-mail usable anyway. */
export function linkFallback(href: string): Markup {
  return mjml`<mj-divider border-color="${COLORS.rule}" border-width="1px" padding="8px 0 16px 0" />
<mj-text mj-class="small">If the button does not work, copy this link into your browser:<br /><a href="${href}" style="color:${COLORS.accent};word-break:break-all;">${href}</a></mj-text>`;
}
