/**
 * The contract every e-mail template fulfils, plus the plain-text helpers.
 * Templates are pure: data in, strings out, no I/O and no clock.
 */
import { PRODUCT_NAME } from './brand.ts';
import type { Markup } from './markup.ts';

export interface EmailTemplate<Data> {
  subject(data: Data): string;
  /** MJML source; rendering to HTML happens in render.ts. */
  mjml(data: Data): Markup;
  /** Hand-written text part, for clients and filters that never look at the HTML. */
  text(data: Data): string;
}

const TEXT_FOOTER = ['--', `${PRODUCT_NAME} · spotter.app`, 'This e-mail was sent from an unmonitored address, so replies are not read.'].join('\n');

/** Joins paragraphs with blank lines; `false`/`undefined` entries are skipped so optional lines stay terse. */
export function plainText(...paragraphs: Array<string | false | undefined>): string {
  const body = paragraphs.filter((p): p is string => typeof p === 'string' && p !== '');
  return `${[...body, TEXT_FOOTER].join('\n\n')}\n`;
}

export function greeting(name: string | undefined): string {
  return name ? `Hi ${name},` : 'Hi there,';
}
