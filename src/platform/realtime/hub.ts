/**
 * The realtime hub: LISTENs for the projection runner's change notifications and
 * pushes `{type:'changed', topic, checkpoint}` to the websockets that follow a topic.
 * Clients then refetch over HTTP; nothing but topic names crosses the socket.
 * Ephemeral signals (typing) are relayed between sockets here and never stored.
 */
import createSubscriber, { type Subscriber } from 'pg-listen';
import type pg from 'pg';
import type { WebSocket } from 'ws';
import { CHANGES_CHANNEL } from '../projections/runner.ts';
import { SESSION_REVOKED_CHANNEL } from '../auth/sessions.ts';
import { mayFollow } from './topic-access.ts';
import { badString } from '../http/input-guard.ts';

interface Client {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  topics: Set<string>;
  /** Token bucket for signals: what is left, and when it was last refilled. */
  signalTokens: number;
  signalRefilledAt: number;
}

/**
 * Signals (typing) are relayed, never stored, so the hub bounds them itself: a short
 * name, a small payload, and a token bucket per socket (a burst of 10, then 5 a second).
 */
const SIGNAL_NAME = /^[a-z][a-z0-9_-]{0,31}$/;
const SIGNAL_MAX_DATA_CHARS = 512;
const SIGNAL_BURST = 10;
const SIGNAL_PER_SECOND = 5;

/**
 * Open sockets per account: a tab each is plenty; past this the oldest is closed
 * (4008), so a script cannot pile up sockets and the hub's per-change fan-out.
 */
export const MAX_SOCKETS_PER_USER = 10;
export const TOO_MANY_SOCKETS = 4008;

interface ChangeNotice {
  p: string;
  c: string;
  t: string[];
}

/**
 * Read models that decide who may follow what (coach–athlete links, connections).
 * When one of them changes, the users it names have every subscription checked
 * again, and the ones whose access ended are revoked: an unlinked coach stops
 * hearing about the athlete at once, not when the socket closes.
 */
const ACCESS_PROJECTIONS = new Set(['client_links', 'connections']);
/** Topics whose id is a user that an access change concerns. */
const USER_TOPIC = /^(?:user|coach):(.+)$/;

export type ClientMessage =
  { type: 'subscribe'; topic: string } | { type: 'unsubscribe'; topic: string } | { type: 'signal'; topic: string; signal: string; data?: unknown } | { type: 'ping' };

export class RealtimeHub {
  private readonly byTopic = new Map<string, Set<Client>>();
  private readonly clients = new Set<Client>();
  private subscriber: Subscriber | null = null;
  /** Notices are handled in order, so a revocation lands before any later change is pushed. */
  private notices = Promise.resolve();

  constructor(
    private readonly databaseUrl: string,
    private readonly pool: pg.Pool,
  ) {}

  async start(): Promise<void> {
    // retryTimeout 0: keep trying for as long as the database is away (pg-listen's
    // default gives up after 3 s, and the hub would never hear a change again).
    const sub = createSubscriber({ connectionString: this.databaseUrl }, { retryLimit: Infinity, retryTimeout: 0, retryInterval: 250 });
    sub.notifications.on(CHANGES_CHANNEL, (n: ChangeNotice) => {
      this.notices = this.notices.then(() => this.onChange(n)).catch(() => {});
    });
    sub.notifications.on(SESSION_REVOKED_CHANNEL, (sessionId: string) => this.closeSession(sessionId));
    sub.events.on('error', () => {});
    // 'reconnect' comes with each attempt, 'connected' once LISTEN is back. Changes
    // committed while nobody listened (the runner may catch up first) were missed:
    // every client hears `changed` on each topic it follows and refetches it, on the
    // socket it still has (the hub lives in this process, the socket never dropped).
    let lost = false;
    sub.events.on('reconnect', () => (lost = true));
    sub.events.on('connected', () => {
      if (!lost) return;
      lost = false;
      this.resync();
    });
    await sub.connect();
    await sub.listenTo(CHANGES_CHANNEL);
    await sub.listenTo(SESSION_REVOKED_CHANNEL);
    this.subscriber = sub;
  }

  /** `early` holds messages the client sent before it was authenticated, in order. */
  attach(socket: WebSocket, userId: string, sessionId: string, early: string[] = []): void {
    const client: Client = { socket, userId, sessionId, topics: new Set(), signalTokens: SIGNAL_BURST, signalRefilledAt: Date.now() };
    // Sets iterate in insertion order: the first of the user's sockets is the oldest.
    const mine = [...this.clients].filter((c) => c.userId === userId);
    for (const old of mine.slice(0, Math.max(0, mine.length - MAX_SOCKETS_PER_USER + 1))) {
      this.detach(old);
      old.socket.close(TOO_MANY_SOCKETS, 'Too many live connections for this account');
    }
    this.clients.add(client);
    // Messages are handled one after another, so a subscribe is authorised before the
    // unsubscribe that follows it is applied.
    let queue = Promise.resolve();
    // A failing message (a database error in an access rule) must not end the queue or the process.
    const handle = (raw: string) =>
      (queue = queue.then(() => this.onMessage(client, raw)).catch(() => this.send(client, { type: 'error', error: 'That message could not be handled.' })));
    socket.on('message', (raw) => void handle((raw as Buffer).toString()));
    socket.on('close', () => this.detach(client));
    this.send(client, { type: 'ready' });
    for (const raw of early) void handle(raw);
  }

  private async onMessage(client: Client, raw: string): Promise<void> {
    let msg: ClientMessage;
    try {
      msg = JSON.parse(raw) as ClientMessage;
    } catch {
      return this.send(client, { type: 'error', error: 'Messages must be JSON.' });
    }
    switch (msg?.type) {
      case 'subscribe': {
        if (typeof msg.topic !== 'string') return this.send(client, { type: 'error', error: 'topic is required.' });
        // Topics reach access rules' SQL: the HTTP input guard's rule applies here too.
        const why = badString(msg.topic);
        if (why) return this.send(client, { type: 'error', error: `topic ${why}.` });
        if (!(await mayFollow(this.pool, client.userId, msg.topic))) {
          return this.send(client, { type: 'error', topic: msg.topic, error: 'You may not follow this topic.' });
        }
        client.topics.add(msg.topic);
        let set = this.byTopic.get(msg.topic);
        if (!set) this.byTopic.set(msg.topic, (set = new Set()));
        set.add(client);
        return this.send(client, { type: 'subscribed', topic: msg.topic });
      }
      case 'unsubscribe':
        this.unsubscribe(client, msg.topic);
        return;
      case 'signal':
        // Only to topics the sender already follows (and so was authorised for).
        if (!client.topics.has(msg.topic) || typeof msg.signal !== 'string' || !SIGNAL_NAME.test(msg.signal)) return;
        if (msg.data !== undefined && JSON.stringify(msg.data).length > SIGNAL_MAX_DATA_CHARS) return this.send(client, { type: 'error', error: 'Signal data is too large.' });
        if (!this.takeSignalToken(client)) return this.send(client, { type: 'error', topic: msg.topic, error: 'Too many signals.' });
        for (const other of this.byTopic.get(msg.topic) ?? []) {
          if (other !== client) this.send(other, { type: 'signal', topic: msg.topic, signal: msg.signal, from: client.userId, data: msg.data });
        }
        return;
      case 'ping':
        return this.send(client, { type: 'pong' });
      default:
        return this.send(client, { type: 'error', error: 'Unknown message type.' });
    }
  }

  private async onChange(n: ChangeNotice): Promise<void> {
    if (ACCESS_PROJECTIONS.has(n.p)) await this.recheck(n.t);
    this.publish(n);
  }

  /** Checks again every subscription of the users an access change names; revokes the ones that ended. */
  private async recheck(topics: string[]): Promise<void> {
    const users = new Set(topics.map((t) => USER_TOPIC.exec(t)?.[1]).filter((u): u is string => !!u));
    for (const client of this.clients) {
      if (!users.has(client.userId)) continue;
      for (const topic of [...client.topics]) {
        const allowed = await mayFollow(this.pool, client.userId, topic).catch(() => false);
        if (allowed || !client.topics.has(topic)) continue;
        this.unsubscribe(client, topic);
        this.send(client, { type: 'revoked', topic, error: 'You may no longer follow this topic.' });
      }
    }
  }

  private unsubscribe(client: Client, topic: string): void {
    client.topics.delete(topic);
    const set = this.byTopic.get(topic);
    set?.delete(client);
    if (set?.size === 0) this.byTopic.delete(topic);
  }

  private takeSignalToken(client: Client): boolean {
    const now = Date.now();
    client.signalTokens = Math.min(SIGNAL_BURST, client.signalTokens + ((now - client.signalRefilledAt) / 1000) * SIGNAL_PER_SECOND);
    client.signalRefilledAt = now;
    if (client.signalTokens < 1) return false;
    client.signalTokens -= 1;
    return true;
  }

  private publish(n: ChangeNotice): void {
    for (const topic of n.t) {
      for (const client of this.byTopic.get(topic) ?? []) this.send(client, { type: 'changed', topic, projection: n.p, checkpoint: n.c });
    }
  }

  private resync(): void {
    for (const c of this.clients) {
      this.send(c, { type: 'resync' });
      for (const topic of c.topics) this.send(c, { type: 'changed', topic, projection: null, checkpoint: null });
    }
  }

  private closeSession(sessionId: string): void {
    for (const c of this.clients) if (c.sessionId === sessionId) c.socket.close(4001, 'Signed out');
  }

  private detach(client: Client): void {
    this.clients.delete(client);
    for (const t of client.topics) {
      const set = this.byTopic.get(t);
      set?.delete(client);
      if (set?.size === 0) this.byTopic.delete(t);
    }
  }

  private send(client: Client, msg: object): void {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(msg));
  }

  get connectionCount(): number {
    return this.clients.size;
  }

  async stop(): Promise<void> {
    for (const c of this.clients) c.socket.close(1001, 'Server shutting down');
    await this.subscriber?.close();
  }
}
