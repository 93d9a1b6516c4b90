/**
 * Delivery of already-rendered e-mails: over SMTP when a server is configured,
 * otherwise into an outbox folder of JSON files so development and tests can
 * read what would have been sent.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { EMAIL_FROM, PRODUCT_NAME } from './templates/brand.ts';

export interface OutgoingEmail {
  /**
   * Stable id of this mail (the outbox row id). Sending again with the same key is a
   * no-op in the file outbox and carries the same Message-ID over SMTP, so a retry
   * after a crash is recognisable as the same mail.
   */
  key?: string;
  to: string;
  subject: string;
  html: string;
  text?: string;
  /** A coach's name when the coach caused the mail: the sender then reads "<name> via <from name>". */
  onBehalfOf?: string;
}

export interface Mailer {
  send(mail: OutgoingEmail): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

export interface OutboxMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  html: string;
  text?: string;
  /** ISO 8601. */
  sentAt: string;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port (or smtps://). Without it mail goes to the outbox. */
  smtpUrl?: string;
  outboxDir: string;
  /** The sender (Config.mailFrom); default "Spotter" <no-reply@spotter.app>. */
  from?: Sender;
}

export interface Sender {
  name: string;
  address: string;
}

const DEFAULT_FROM: Sender = { name: PRODUCT_NAME, address: EMAIL_FROM.replace(/^.*<(.*)>$/, '$1') };

/**
 * The demo's made-up accounts (`@demo.spotter`): their mail never leaves the machine,
 * whatever SMTP server is configured; it goes to the outbox folder, where the e-mail
 * demo page shows it.
 */
export const LOCAL_ONLY_DOMAIN = 'demo.spotter';

export function isLocalOnly(address: string): boolean {
  return address.trim().toLowerCase().endsWith(`@${LOCAL_ONLY_DOMAIN}`);
}

const NAME_MAX = 64;

/** The display name of one mail: the product's, or "<coach> via <product>" with the coach's name made header-safe. */
export function senderOf(from: Sender, onBehalfOf?: string): Sender {
  const coach = (onBehalfOf ?? '')
    .replace(/[\r\n"<>\\\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!coach) return from;
  const via = ` via ${from.name}`;
  const room = Math.max(NAME_MAX - via.length, 8);
  const chars = [...coach];
  return {
    name: `${
      chars.length > room
        ? `${chars
            .slice(0, room - 1)
            .join('')
            .trimEnd()}…`
        : coach
    }${via}`,
    address: from.address,
  };
}

/** As the From header shows it: the name quoted only when it holds a character that needs it ("Lima, Ana via Spotter"). */
function formatSender(s: Sender): string {
  return `${/[,;:()@[\].]/.test(s.name) ? `"${s.name}"` : s.name} <${s.address}>`;
}

export function createMailer(opts: MailerOptions): Mailer {
  const from = opts.from ?? DEFAULT_FROM;
  const local = outboxMailer(opts.outboxDir, from);
  if (!opts.smtpUrl) return local;
  const smtp = smtpMailer(opts.smtpUrl, from);
  return {
    send: (mail) => (isLocalOnly(mail.to) ? local.send(mail) : smtp.send(mail)),
    async close() {
      await Promise.all([smtp.close(), local.close()]);
    },
  };
}

function checkMail(mail: OutgoingEmail): void {
  if (typeof mail.to !== 'string' || mail.to.trim() === '') throw new TypeError('E-mail recipient is required');
  if (typeof mail.subject !== 'string' || mail.subject.trim() === '') throw new TypeError('E-mail subject is required');
  if (typeof mail.html !== 'string' || mail.html === '') throw new TypeError('E-mail html is required');
}

function closedError(): Error {
  return new Error('Mailer is closed');
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

function smtpMailer(smtpUrl: string, from: Sender): Mailer {
  let host: string;
  try {
    host = new URL(smtpUrl).hostname;
  } catch {
    // Do not echo the URL: it usually carries the SMTP password.
    throw new TypeError('smtpUrl is not a valid URL');
  }
  const transport = createTransport({
    url: smtpUrl,
    // A local catcher (MailHog, smtp-server in tests) often offers STARTTLS with a
    // self-signed certificate; on loopback there is no network to protect, so skip it.
    // Remote servers keep nodemailer's default of upgrading when offered.
    ignoreTLS: LOOPBACK_HOSTS.has(host),
  });
  let closed = false;
  return {
    async send(mail) {
      if (closed) throw closedError();
      checkMail(mail);
      const info = await transport.sendMail({
        ...(mail.key ? { messageId: `<${mail.key}@spotter.app>` } : {}),
        from: senderOf(from, mail.onBehalfOf),
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
      return { messageId: info.messageId };
    },
    close() {
      closed = true;
      transport.close();
      return Promise.resolve();
    },
  };
}

// Ids sort by creation time so the listing can order by file name without
// opening every file. The clock is made monotonic within the process so two
// mails in the same millisecond still list in the order they were sent.
let lastStamp = 0;
function nextOutboxId(now: number, suffix?: string): string {
  lastStamp = Math.max(now, lastStamp + 1);
  return `${lastStamp.toString().padStart(15, '0')}-${suffix ?? randomBytes(4).toString('hex')}`;
}

/** Eight hex digits naming a keyed mail, so a resend finds the file it wrote before. */
function keySuffix(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

const ID_PATTERN = /^[0-9]{15}-[0-9a-f]{8}$/;
/** An outbox file's name; its one group is the mail's id. */
export const OUTBOX_FILE_PATTERN = /^([0-9]{15}-[0-9a-f]{8})\.json$/;

function outboxMailer(outboxDir: string, from: Sender): Mailer {
  let closed = false;
  return {
    async send(mail) {
      if (closed) throw closedError();
      checkMail(mail);
      const suffix = mail.key ? keySuffix(mail.key) : undefined;
      if (suffix) {
        const existing = (await readdir(outboxDir).catch(() => [] as string[])).find((n) => n.endsWith(`-${suffix}.json`));
        if (existing) return { messageId: existing.slice(0, -'.json'.length) };
      }
      const now = Date.now();
      const message: OutboxMessage = {
        id: nextOutboxId(now, suffix),
        to: mail.to,
        from: formatSender(senderOf(from, mail.onBehalfOf)),
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        sentAt: new Date(now).toISOString(),
      };
      await writeAtomically(outboxDir, `${message.id}.json`, `${JSON.stringify(message, null, 2)}\n`);
      return { messageId: message.id };
    },
    close() {
      closed = true;
      return Promise.resolve();
    },
  };
}

/**
 * A reader polling the outbox must never see half a message, so the JSON is
 * written to a dot-file and renamed into place (rename is atomic on one
 * filesystem). The fsync makes the rename durable rather than leaving an empty
 * file after a crash.
 */
async function writeAtomically(dir: string, fileName: string, contents: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const tempPath = path.join(dir, `.${fileName}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(tempPath, 'wx');
  try {
    await handle.writeFile(contents, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tempPath, path.join(dir, fileName));
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/** Newest first. A missing outbox folder simply means nothing was sent yet. */
export async function listOutbox(outboxDir: string, limit = 50): Promise<OutboxMessage[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
  const ids = names
    .map((name) => OUTBOX_FILE_PATTERN.exec(name)?.[1])
    .filter((id): id is string => id !== undefined)
    .sort()
    .reverse()
    .slice(0, limit);
  const messages = await Promise.all(ids.map((id) => readOutboxMessage(outboxDir, id)));
  // A file removed between readdir and read is skipped rather than failing the listing.
  return messages.filter((m): m is OutboxMessage => m !== null);
}

/** Null when there is no such message; ids that are not outbox ids never touch the disk. */
export async function readOutboxMessage(outboxDir: string, id: string): Promise<OutboxMessage | null> {
  // The id may come straight from a URL; the pattern keeps it from walking out of the folder.
  if (!ID_PATTERN.test(id)) return null;
  let raw: string;
  try {
    raw = await readFile(path.join(outboxDir, `${id}.json`), 'utf8');
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  return JSON.parse(raw) as OutboxMessage;
}
