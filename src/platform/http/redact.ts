/**
 * Keeps secrets out of logs: one-time tokens (confirmation, reset, invitation), the
 * websocket's `?token=`, operator keys, codes and passwords. Request URLs are logged
 * with those query values replaced; logged objects have such fields censored.
 */
const SECRET_PARAM = /token|code|key|password|secret|signature|invite/i;
export const REDACTED = '[REDACTED]';

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // Not valid percent-encoding: match on the raw name.
      }
      return eq >= 0 && SECRET_PARAM.test(decoded) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

const SECRET_FIELDS = ['password', 'token', 'accessToken', 'refreshToken', 'inviteToken', 'accessCode', 'access_token', 'code', 'key'];

/** pino `redact` paths: the fields above at the top level and one level down, and credential headers. */
export const redactPaths = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-operator-key"]', ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`])];

export function requestSerializer(req: { method: string; url: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: redactUrl(req.url), hostname: req.hostname, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
