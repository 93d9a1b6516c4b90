/**
 * A sentence for the sign-in page from the page that signed the user out, kept in
 * sessionStorage: after an account is deleted the server revokes the session, and the
 * app may reach the sign-in page through its own sign-out (a revoked websocket) before
 * the deleting page could put the message in the address.
 */
const KEY = 'spotter.sign-in-notice';

export function leaveSignInNotice(text: string | null): void {
  if (text === null) window.sessionStorage.removeItem(KEY);
  else window.sessionStorage.setItem(KEY, text);
}

/** The notice, once: reading it removes it. */
export function takeSignInNotice(): string | null {
  const text = window.sessionStorage.getItem(KEY);
  window.sessionStorage.removeItem(KEY);
  return text;
}
