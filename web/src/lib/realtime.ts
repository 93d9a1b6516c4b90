/**
 * Live updates. The server pushes `{"type":"changed","topic","checkpoint"}` for
 * topics this client subscribed to; the dashboard answers by refetching the
 * queries that show that topic. After a dropped connection every topic is
 * subscribed again and `onReconnect` runs, because changes may have been missed.
 *
 * Reconnections back off exponentially with jitter up to a cap, and the back-off only
 * resets once the server said `ready` (the socket passed its Origin and token checks):
 * a socket the server closes right after opening must not turn into a poll that
 * refetches everything twice a second. A refusal that retrying cannot fix (4003 Origin,
 * 4008 too many sockets) or many failures in a row pause live updates; the page says
 * so, and coming back online, to the tab, or a click on Reconnect tries again.
 */
import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { REALTIME_MAX_BACKOFF_MS } from '../config/constants';

/**
 * A change of a topic. `subscribed`: no change as such, the server has just started
 * sending the topic's changes; whatever changed before (while the page was fetching
 * and subscribing) was not sent, so listeners refetch.
 */
export type TopicChange = { topic: string; checkpoint: string; subscribed?: true };
type Listener = (change: TopicChange) => void;
/** An ephemeral signal (typing) another subscriber of a topic sent through the hub. */
export type TopicSignal = { topic: string; signal: string; from: string; data: unknown };
type SignalListener = (signal: TopicSignal) => void;

export type RealtimeOptions = {
  /** Read at every (re)connection, so a refreshed token is picked up. */
  getToken: () => string | null;
  /** Called after a reconnection; wire it to `queryClient.invalidateQueries()`. */
  onReconnect?: () => void;
  url?: (token: string) => string;
  maxBackoffMs?: number;
};

const BASE_BACKOFF_MS = 500;
/** Failed connections in a row after which the client stops trying on its own. */
const ATTEMPTS_BEFORE_PAUSE = 8;
/** Close codes no retry fixes: the Origin is refused (4003), this account has too many sockets (4008). */
const FINAL_CLOSE_CODES = new Set([4003, 4008]);

/** `live`: the server said ready; `connecting`: trying (again); `paused`: stopped trying until something changes. */
export type RealtimeStatus = 'connecting' | 'live' | 'paused';

export function realtimeUrl(token: string, location: Location = window.location): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${location.host}/api/realtime?token=${encodeURIComponent(token)}`;
}

export class RealtimeClient {
  private socket: WebSocket | null = null;
  private readonly topics = new Map<string, Set<Listener>>();
  private readonly signalListeners = new Map<string, Set<SignalListener>>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private attempts = 0;
  private stopped = true;
  /** True once a connection has opened or failed: the next open is a reconnection. */
  private mayHaveMissed = false;
  private readonly options: RealtimeOptions;
  private status: RealtimeStatus = 'connecting';
  private readonly statusListeners = new Set<() => void>();

  constructor(options: RealtimeOptions) {
    this.options = options;
  }

  connect(): void {
    if (!this.stopped) return;
    this.stopped = false;
    window.addEventListener('online', this.reconnectNow);
    window.addEventListener('focus', this.resumeIfPaused);
    document.addEventListener('visibilitychange', this.resumeIfPaused);
    this.open();
  }

  close(): void {
    this.stopped = true;
    window.removeEventListener('online', this.reconnectNow);
    window.removeEventListener('focus', this.resumeIfPaused);
    document.removeEventListener('visibilitychange', this.resumeIfPaused);
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onerror = null;
      socket.onmessage = null;
      socket.onopen = null;
      if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) {
        socket.close(1000, 'client closed');
      }
    }
    this.attempts = 0;
    this.mayHaveMissed = false;
    this.setStatus('connecting');
  }

  getStatus(): RealtimeStatus {
    return this.status;
  }

  /** Calls `listener` whenever the status changes; the returned function stops that. */
  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  }

  /** Tries again now (the Reconnect button, coming back online). */
  readonly reconnectNow = (): void => {
    if (this.stopped || this.socket) return;
    clearTimeout(this.retryTimer);
    this.attempts = 0;
    this.setStatus('connecting');
    this.open();
  };

  private readonly resumeIfPaused = (): void => {
    if (this.status === 'paused' && document.visibilityState !== 'hidden') this.reconnectNow();
  };

  private setStatus(status: RealtimeStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener();
  }

  /** Listens to one topic; the returned function stops listening. */
  subscribe(topic: string, listener: Listener): () => void {
    let listeners = this.topics.get(topic);
    if (!listeners) {
      listeners = new Set();
      this.topics.set(topic, listeners);
      this.send({ type: 'subscribe', topic });
    }
    listeners.add(listener);
    return () => {
      const current = this.topics.get(topic);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) {
        this.topics.delete(topic);
        this.send({ type: 'unsubscribe', topic });
      }
    };
  }

  /**
   * Sends an ephemeral signal to the other subscribers of a topic this client follows
   * (the hub relays it only then, and rate-limits it). Dropped while disconnected.
   */
  signal(topic: string, signal: string, data?: unknown): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ type: 'signal', topic, signal, data }));
  }

  /** Listens to signals on a topic (follow the topic with `subscribe` too). */
  onSignal(topic: string, listener: SignalListener): () => void {
    let listeners = this.signalListeners.get(topic);
    if (!listeners) this.signalListeners.set(topic, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.signalListeners.delete(topic);
    };
  }

  private open(): void {
    const token = this.options.getToken();
    if (!token) {
      this.scheduleReconnect();
      return;
    }
    let socket: WebSocket;
    try {
      socket = new WebSocket((this.options.url ?? realtimeUrl)(token));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    // The server holds what is sent before it checked the token, so subscribe at once.
    socket.onopen = () => {
      for (const topic of this.topics.keys()) this.send({ type: 'subscribe', topic });
    };
    socket.onmessage = (event: MessageEvent) => this.receive(event.data);
    socket.onclose = (event: CloseEvent) => {
      if (this.socket === socket) this.socket = null;
      this.mayHaveMissed = true;
      if (FINAL_CLOSE_CODES.has(event.code)) this.pause();
      else this.scheduleReconnect();
    };
  }

  /** The server accepted the socket: live, and the next failure starts the back-off afresh. */
  private onReady(): void {
    this.attempts = 0;
    this.setStatus('live');
    if (this.mayHaveMissed) this.options.onReconnect?.();
    this.mayHaveMissed = true;
  }

  private pause(): void {
    clearTimeout(this.retryTimer);
    this.setStatus('paused');
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    if (this.attempts >= ATTEMPTS_BEFORE_PAUSE) return this.pause();
    this.setStatus('connecting');
    const max = this.options.maxBackoffMs ?? REALTIME_MAX_BACKOFF_MS;
    // Exponential with jitter, so many tabs that lost the server do not come back in step.
    const ceiling = Math.min(max, BASE_BACKOFF_MS * 2 ** this.attempts);
    const delay = ceiling / 2 + (Math.random() * ceiling) / 2;
    this.attempts += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  private send(message: { type: 'subscribe' | 'unsubscribe'; topic: string }): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private receive(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const { type, topic, checkpoint, signal, from, data } = message as Record<string, unknown>;
    if (type === 'ready') return this.onReady();
    if (type === 'signal' && typeof topic === 'string' && typeof signal === 'string') {
      const received: TopicSignal = { topic, signal, from: typeof from === 'string' ? from : '', data };
      for (const listener of [...(this.signalListeners.get(topic) ?? [])]) listener(received);
      return;
    }
    if ((type !== 'changed' && type !== 'subscribed') || typeof topic !== 'string') return;
    const change: TopicChange = { topic, checkpoint: typeof checkpoint === 'string' ? checkpoint : '', ...(type === 'subscribed' ? { subscribed: true as const } : {}) };
    for (const listener of [...(this.topics.get(topic) ?? [])]) listener(change);
  }
}

/** The live-update status of `client` ('connecting' while there is none), kept current. */
export function useRealtimeStatus(client: RealtimeClient | null): RealtimeStatus {
  return useSyncExternalStore(
    (changed) => client?.onStatus(changed) ?? (() => {}),
    () => client?.getStatus() ?? 'connecting',
  );
}

/** The client of the signed-in user, or null while signed out. */
export const RealtimeContext = createContext<RealtimeClient | null>(null);

export function useRealtime(): RealtimeClient | null {
  return useContext(RealtimeContext);
}

/**
 * Refetches `queryKeys` whenever `topic` changes on the server, and once when the
 * subscription becomes active (a change between the first fetch and then would be
 * missed otherwise). Pass a null topic to pause. `onChange` runs on real changes
 * too, e.g. for a toast.
 */
export function useTopic(topic: string | null | undefined, queryKeys: readonly QueryKey[], onChange?: (change: TopicChange) => void): void {
  const client = useRealtime();
  const queryClient = useQueryClient();
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  // Callers usually pass a fresh array each render; depend on its content.
  const keysJson = JSON.stringify(queryKeys);

  useEffect(() => {
    if (!client || !topic) return;
    const keys = JSON.parse(keysJson) as QueryKey[];
    return client.subscribe(topic, (change) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      if (!change.subscribed) onChangeRef.current?.(change);
    });
  }, [client, topic, keysJson, queryClient]);
}
