/**
 * POSTs a webhook without letting it reach inside the network: the host is resolved
 * here (every address), each address is checked (address-check.ts), and the
 * connection goes to the checked address (a custom `lookup`), so a DNS answer cannot
 * change between the check and the connect. Redirects are followed by hand, a few at
 * most, each target checked the same way. The whole exchange has one deadline.
 */
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { mayConnect, reservedName } from './address-check.ts';

export const DELIVERY_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 3;
/** How much of the receiver's answer the delivery log keeps. */
export const RESPONSE_KEEP_CHARS = 500;
const RESPONSE_READ_BYTES = 16 * 1024;

export interface PostOptions {
  allowLoopback: boolean;
  /** Plain http:// (default: only under the loopback test setting). */
  allowHttp?: boolean;
  timeoutMs?: number;
  /** Decides each resolved address; tests of redirects narrow or widen it. Default: mayConnect. */
  mayConnect?: (address: string, url: URL) => boolean;
}

export interface PostResult {
  /** The final answer's status, or null when none came (refused, timed out, unreachable). */
  status: number | null;
  /** The start of the answer's body. */
  body: string;
  /** Why nothing usable came back, in words for the delivery log. */
  error: string | null;
}

export class RefusedDestination extends Error {}

/** Whether an endpoint URL may be registered: https (http only on loopback under the test setting), no credentials. */
export function endpointUrlProblem(raw: string, allowLoopback: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The URL is not valid.';
  }
  if (url.username || url.password) return 'The URL must not contain a user name or password.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = net.isIP(host) !== 0;
  const loopbackName = reservedName(host) === 'loopback';
  if (literal && !mayConnect(host, allowLoopback)) return 'The URL points to a private, loopback or link-local address.';
  if (loopbackName && !allowLoopback) return 'The URL points to a private, loopback or link-local address.';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && allowLoopback && (loopbackName || (literal && mayConnect(host, true) && !mayConnect(host, false)))) return null;
  return 'The URL must start with https://.';
}

async function resolveChecked(url: URL, opts: PostOptions): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const check = opts.mayConnect ?? ((a: string) => mayConnect(a, opts.allowLoopback));
  const reserved = reservedName(host);
  if (reserved === 'invalid') throw new RefusedDestination(`${host} does not resolve.`);
  if (reserved === 'loopback' && !opts.allowLoopback && !opts.mayConnect) throw new RefusedDestination(`${host} is a loopback name: refused.`);
  const found = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await dns.lookup(host, { all: true, verbatim: true });
  if (found.length === 0) throw new RefusedDestination(`${host} does not resolve.`);
  // Every address must pass, not just the one we would pick: a name with one public
  // and one inner address is refused, so DNS order cannot be played.
  const bad = found.find((a) => !check(a.address, url));
  if (bad) throw new RefusedDestination(`${host} resolves to ${bad.address}, a private, loopback or link-local address: refused.`);
  return found[0];
}

function postOnce(url: URL, target: { address: string; family: number }, body: string | Buffer, headers: Record<string, string>, deadline: number) {
  return new Promise<{ status: number; location: string | undefined; body: string }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'POST',
        // JSON unless the caller says otherwise (Web Push sends an encrypted octet stream).
        headers: { 'content-type': 'application/json', 'user-agent': 'Spotter-Webhooks/1', ...headers, 'content-length': Buffer.byteLength(body) },
        // Connect to the address we checked, whatever DNS would say now.
        lookup: ((_host: string, options: { all?: boolean }, cb: (err: null, address: unknown, family?: number) => void) => {
          if (options.all) cb(null, [target]);
          else cb(null, target.address, target.family);
        }) as unknown as net.LookupFunction,
        timeout: Math.max(1, deadline - Date.now()),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size >= RESPONSE_READ_BYTES) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_READ_BYTES) res.destroy();
        });
        const done = () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_KEEP_CHARS) });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error('timed out')), Math.max(1, deadline - Date.now()));
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.on('close', () => clearTimeout(timer));
    req.end(body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function postWebhook(rawUrl: string, body: string | Buffer, headers: Record<string, string>, opts: PostOptions): Promise<PostResult> {
  const deadline = Date.now() + (opts.timeoutMs ?? DELIVERY_TIMEOUT_MS);
  let url = new URL(rawUrl);
  for (let hop = 0; ; hop++) {
    try {
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RefusedDestination(`${url.protocol} is not allowed.`);
      if (url.protocol === 'http:' && !(opts.allowHttp ?? opts.allowLoopback)) throw new RefusedDestination('Only https:// endpoints are allowed.');
      const target = await resolveChecked(url, opts);
      const res = await postOnce(url, target, body, headers, deadline);
      if (REDIRECTS.has(res.status) && res.location) {
        if (hop >= MAX_REDIRECTS) return { status: res.status, body: res.body, error: `More than ${MAX_REDIRECTS} redirects.` };
        url = new URL(res.location, url);
        continue;
      }
      return { status: res.status, body: res.body, error: null };
    } catch (e) {
      const message = e instanceof RefusedDestination ? e.message : `${hop > 0 ? `After a redirect to ${url.origin}: ` : ''}${(e as Error).message}`;
      return { status: null, body: '', error: message };
    }
  }
}
