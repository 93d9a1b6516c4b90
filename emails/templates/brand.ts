/**
 * Brand constants shared by every e-mail. Kept apart from the templates so the
 * mailer can import the sender without pulling in any markup.
 */

export const PRODUCT_NAME = 'Spotter';

/** The spec asks for a no-reply sender on the product's own domain. */
export const EMAIL_FROM = 'Spotter <no-reply@spotter.app>';

/**
 * How long the token links stay valid. The token issuer owns the real lifetime;
 * these exist so the copy in the e-mail cannot silently drift from the spec.
 */
export const CONFIRMATION_LINK_HOURS = 24;
export const RESET_LINK_HOURS = 1;

export const COLORS = {
  ink: '#111827',
  body: '#374151',
  muted: '#6b7280',
  accent: '#ff5a1f',
  accentSoft: '#fff1eb',
  page: '#f3f4f6',
  card: '#ffffff',
  rule: '#e5e7eb',
} as const;

// A system font stack: no web-font request, so nothing is fetched when the mail opens.
// Unquoted on purpose: a quote would be entity-escaped inside MJML attributes.
export const FONT_STACK = '-apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif';
