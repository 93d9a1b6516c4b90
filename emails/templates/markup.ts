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

export function optionalText(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return checkedText(value, field);
}
