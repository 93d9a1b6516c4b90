import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailer, listOutbox, readOutboxMessage } from '../emails/mailer.ts';
import { renderEmail } from '../emails/render.ts';
import { loadConfig } from '../src/platform/config.ts';

interface ReceivedMail {
  mailFrom: string | false;
  rcptTo: string[];
  user: unknown;
  raw: string;
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

/** Just enough MIME reading to look inside what nodemailer put on the wire. */
function parseMime(raw: string): MimePart[] {
  const split = raw.search(/\r?\n\r?\n/);
  const headerBlock = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of headerBlock.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) {
    return [{ headers, body: decodeBody(body, headers.get('content-transfer-encoding')) }];
  }
  const parts = body.split(`--${boundary}`).slice(1, -1);
  return [{ headers, body: '' }, ...parts.flatMap((part) => parseMime(part.replace(/^\r?\n/, '')))];
}

function decodeBody(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    case 'base64':
      return Buffer.from(body, 'base64').toString('utf8');
    default:
      return body;
  }
}

function partOfType(parts: MimePart[], type: string): MimePart {
  const part = parts.find((p) => p.headers.get('content-type')?.startsWith(type));
  if (!part) throw new Error(`no ${type} part in the message`);
  return part;
}

describe('createMailer with an SMTP server', () => {
  const received: ReceivedMail[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      // Credentials travel in clear text over loopback in this test only.
      allowInsecureAuth: true,
      // The server still offers STARTTLS with its self-signed certificate, like a local
      // mail catcher would; logger: false only silences the built-in certificate warning.
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'spotter' && auth.password === 's3cret') return callback(null, { user: auth.username });
        return callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            mailFrom: session.envelope.mailFrom && session.envelope.mailFrom.address,
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
            user: session.user,
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    received.length = 0;
  });

  it('delivers a rendered e-mail that arrives with recipient, subject and link', async () => {
    const link = 'https://spotter.app/workouts/42?from=email&week=3';
    const email = await renderEmail('workout-assigned', {
      athleteName: 'Ana Silva',
      workoutName: 'Lower body power',
      coachName: 'Coach Bo',
      link,
    });
    const mailer = createMailer({ smtpUrl: `smtp://spotter:s3cret@127.0.0.1:${port}`, outboxDir: '/nonexistent' });
    try {
      const { messageId } = await mailer.send({ to: 'ana@example.com', ...email });

      expect(received).toHaveLength(1);
      const mail = received[0];
      expect(mail.user).toBe('spotter');
      expect(mail.mailFrom).toBe('no-reply@spotter.app');
      expect(mail.rcptTo).toEqual(['ana@example.com']);

      const parts = parseMime(mail.raw);
      const headers = parts[0].headers;
      expect(headers.get('to')).toBe('ana@example.com');
      expect(headers.get('from')).toBe('Spotter <no-reply@spotter.app>');
      expect(headers.get('subject')).toBe('New workout from Coach Bo: Lower body power');
      expect(headers.get('message-id')).toBe(messageId);

      expect(partOfType(parts, 'text/plain').body).toContain(link);
      expect(partOfType(parts, 'text/html').body).toContain(`href="${link.replace('&', '&amp;')}"`);
    } finally {
      await mailer.close();
    }
  });

  it('fails the send when the server refuses the credentials', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://spotter:wrong@127.0.0.1:${port}`, outboxDir: '/nonexistent' });
    try {
      await expect(mailer.send({ to: 'ana@example.com', subject: 'Hi', html: '<p>Hi</p>' })).rejects.toThrow(/Invalid/);
      expect(received).toHaveLength(0);
    } finally {
      await mailer.close();
    }
  });

  it('refuses to send after close', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: '/nonexistent' });
    await mailer.close();
    await expect(mailer.send({ to: 'ana@example.com', subject: 'Hi', html: '<p>Hi</p>' })).rejects.toThrow('Mailer is closed');
  });

  it('names the coach in the sender of mails a coach causes, under the configured sender name', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://spotter:s3cret@127.0.0.1:${port}`,
      outboxDir: '/nonexistent',
      from: loadConfig({ MAIL_FROM_NAME: 'Iron Gym', MAIL_FROM: 'coaching@iron.example' }).mailFrom,
    });
    try {
      await mailer.send({ to: 'ana@example.com', subject: 'From the gym', html: '<p>hi</p>' });
      // Quotes, line breaks and angle brackets in a coach's name never reach the header.
      await mailer.send({ to: 'ana@example.com', subject: 'From a coach', html: '<p>hi</p>', onBehalfOf: 'Lima, "Bo"\r\nBcc: x@y <z>' });
      expect(received.map((m) => m.mailFrom)).toEqual(['coaching@iron.example', 'coaching@iron.example']);
      expect(parseMime(received[0].raw)[0].headers.get('from')).toBe('Iron Gym <coaching@iron.example>');
      expect(parseMime(received[1].raw)[0].headers.get('from')).toBe('"Lima, Bo Bcc: x@y z via Iron Gym" <coaching@iron.example>');
      expect(received[1].raw).not.toMatch(/^Bcc:/im);
    } finally {
      await mailer.close();
    }
  });

  it('never hands a demo address to the SMTP server: its mail stays in the local outbox', async () => {
    const outboxDir = await mkdtemp(path.join(os.tmpdir(), 'spotter-demo-outbox-'));
    const mailer = createMailer({ smtpUrl: `smtp://spotter:s3cret@127.0.0.1:${port}`, outboxDir });
    try {
      await mailer.send({ to: 'coach@demo.spotter', subject: 'Demo', html: '<p>demo</p>' });
      await mailer.send({ to: 'Athlete1@Demo.Spotter', subject: 'Demo 2', html: '<p>demo</p>' });
      await mailer.send({ to: 'ana@example.com', subject: 'Real', html: '<p>real</p>' });
      expect(received.flatMap((m) => m.rcptTo)).toEqual(['ana@example.com']);
      expect((await listOutbox(outboxDir)).map((m) => m.to).sort()).toEqual(['Athlete1@Demo.Spotter', 'coach@demo.spotter']);
    } finally {
      await mailer.close();
      await rm(outboxDir, { recursive: true, force: true });
    }
  });
});

describe('createMailer without an SMTP server (outbox)', () => {
  let outboxDir: string;

  beforeEach(async () => {
    outboxDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'spotter-outbox-')), 'outbox');
  });

  afterEach(async () => {
    await rm(path.dirname(outboxDir), { recursive: true, force: true });
  });

  it('writes each mail as one JSON file with id, to, from, subject, html, text and sentAt', async () => {
    const email = await renderEmail('welcome', { name: 'Ana', link: 'http://localhost:3000/signin' });
    const mailer = createMailer({ outboxDir });
    const before = Date.now();
    const { messageId } = await mailer.send({ to: 'ana@example.com', ...email });
    await mailer.close();

    const files = await readdir(outboxDir);
    expect(files).toEqual([`${messageId}.json`]);
    const stored = JSON.parse(await readFile(path.join(outboxDir, files[0]), 'utf8')) as Record<string, unknown>;
    expect(stored).toEqual({
      id: messageId,
      to: 'ana@example.com',
      from: 'Spotter <no-reply@spotter.app>',
      subject: 'Welcome to Spotter, Ana',
      html: email.html,
      text: email.text,
      sentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(Date.parse(stored.sentAt as string)).toBeGreaterThanOrEqual(before - 1);
  });

  it('lists the newest first, honours the limit and reads one message back', async () => {
    const mailer = createMailer({ outboxDir });
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      ids.push((await mailer.send({ to: `athlete${n}@example.com`, subject: `Mail ${n}`, html: `<p>${n}</p>` })).messageId);
    }

    const all = await listOutbox(outboxDir);
    expect(all.map((m) => m.subject)).toEqual(['Mail 3', 'Mail 2', 'Mail 1']);
    expect((await listOutbox(outboxDir, 2)).map((m) => m.id)).toEqual([ids[2], ids[1]]);

    const one = await readOutboxMessage(outboxDir, ids[0]);
    expect(one).toMatchObject({ id: ids[0], to: 'athlete1@example.com', subject: 'Mail 1', html: '<p>1</p>' });
    // No text was given, so none is stored.
    expect(one).not.toHaveProperty('text');
  });

  it('leaves no temporary files behind when many mails are written at once', async () => {
    const mailer = createMailer({ outboxDir });
    await Promise.all(Array.from({ length: 20 }, (_, n) => mailer.send({ to: 'ana@example.com', subject: `Burst ${n}`, html: '<p>x</p>' })));
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(20);
    expect(files.every((f) => f.endsWith('.json') && !f.startsWith('.'))).toBe(true);
    expect(await listOutbox(outboxDir)).toHaveLength(20);
  });

  it('returns nothing for a missing outbox, an unknown id or an id that tries to leave the folder', async () => {
    expect(await listOutbox(outboxDir)).toEqual([]);
    expect(await readOutboxMessage(outboxDir, '000000000000001-deadbeef')).toBeNull();
    expect(await readOutboxMessage(outboxDir, '../../etc/passwd')).toBeNull();
  });
});
