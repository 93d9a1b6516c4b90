import type { OutboxMessage } from '../api/get-outbox';

/**
 * Without a target, a link would open inside the sandboxed frame, where the app
 * cannot run. `<base target="_top">` sends every link to the real window, which
 * the sandbox allows on a user's click; `_blank` links may open a normal tab.
 */
function withTopLevelLinks(html: string): string {
  const base = '<base target="_top">';
  if (/<head[^>]*>/i.test(html)) return html.replace(/<head([^>]*)>/i, `<head$1>${base}`);
  return `${base}${html}`;
}

/** One outbox mail, rendered in a sandbox: no scripts, no access to the app's origin. */
export function EmailPreview({ message }: { message: OutboxMessage }) {
  return (
    <article className="email-preview" aria-label={`E-mail: ${message.subject}`}>
      <dl className="email-preview__headers">
        <div>
          <dt>Subject</dt>
          <dd>{message.subject}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{message.to}</dd>
        </div>
      </dl>
      <iframe
        key={message.id}
        title={`Preview of “${message.subject}”`}
        className="email-preview__frame"
        sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
        srcDoc={withTopLevelLinks(message.html)}
      />
    </article>
  );
}
