/**
 * Escaping-by-default markup building. Every interpolated value is HTML-escaped
 * unless it is already Markup, so a template cannot forget to escape a name.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** MJML source that has been built by `mjml` and is safe to splice in verbatim. */
export class Markup {
  constructor(readonly source: string) {}
  toString(): string {
    return this.source;
  }
}

// `false` and `null` are allowed so `${cond && mjml`...`}` reads naturally.
export type Slot = string | number | Markup | readonly Markup[] | false | null | undefined;

function renderSlot(value: Slot): string {
  if (value === false || value === null || value === undefined) return '';
  if (value instanceof Markup) return value.source;
  if (Array.isArray(value)) return value.map((item: Markup) => item.source).join('');
  return escapeHtml(String(value));
}

export function mjml(strings: TemplateStringsArray, ...values: Slot[]): Markup {
  let source = strings[0] ?? '';
  values.forEach((value, index) => {
    source += renderSlot(value) + (strings[index + 1] ?? '');
  });
  return new Markup(source);
}

/**
 * Links end up in href attributes and in the plain-text part. Escaping stops an
 * attribute break-out but not a `javascript:` URL, and invitation links are
 * caller-supplied, so only absolute http(s) URLs get through.
 */
export function checkedLink(link: unknown, field = 'link'): string {
  if (typeof link !== 'string' || link.trim() === '') {
    throw new TypeError(`E-mail ${field} must be a non-empty URL`);
  }
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    throw new TypeError(`E-mail ${field} is not a valid absolute URL: ${link}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`E-mail ${field} must use http or https, got ${url.protocol}`);
  }
  return link.trim();
}

/** Required display values (names, workout titles) must be present and printable. */
export function checkedText(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`E-mail ${field} must be a non-empty string`);
  }
  // Collapse line breaks so a name cannot smuggle extra lines into a subject or the text part.
  return value.replace(/\s+/g, ' ').trim();
}

/** Longest sender name (a coach's display name) a mail shows, in its subject above all. */
export const SENDER_NAME_MAX = 60;
/** Control and format characters: bell, escape, bidi overrides that reorder a subject, zero-width joiners. */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
/**
 * What a mail client would show as a link: a URL with a scheme, www.…, an e-mail
 * address, or a domain name (labels, a dot, a lower- or upper-case top-level label).
 * "J.R.R. Tolkien" and "Dr.Smith" do not match; "pay.example.com/now" does.
 */
const LINK_LIKE = /[A-Za-z][A-Za-z0-9+.-]*:\/\/\S*|[Ww]{3}\.\S*|\S+@\S+|[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*\.(?:[a-z]{2,24}|[A-Z]{2,24})(?![\p{L}\p{N}])\S*/gu;

/**
 * A name someone chose that goes into a mail to someone else (the coach's in an
 * invitation): bounded, with invisible characters and anything that reads as a link
 * taken out, so a display name cannot turn a subject into a phishing line. `fallback`
 * when nothing printable is left.
 */
export function senderName(value: unknown, field: string, fallback: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`E-mail ${field} must be a non-empty string`);
  const cleaned = value.replace(INVISIBLE, ' ').replace(LINK_LIKE, ' ').replace(/\s+/g, ' ').trim();
  const chars = [...cleaned];
  const bounded =
    chars.length > SENDER_NAME_MAX
      ? `${chars
          .slice(0, SENDER_NAME_MAX - 1)
          .join('')
          .trimEnd()}…`
      : cleaned;
  return bounded || fallback;
}

export function optionalText(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return checkedText(value, field);
}
