/**
 * The rest timer between sets. It keeps only timestamps (when the rest ends), in
 * localStorage, and works out what is left from the clock each time it is asked: a
 * phone that locks its screen or puts the tab to sleep shows the right time when it
 * wakes, and a reload keeps the rest going.
 */
const STORAGE_KEY = 'spotter.rest-timer';
export const REST_CHOICES_S = [60, 90, 120, 180] as const;
export const DEFAULT_REST_S = 90;
export const ADD_S = 15;
/** The longest rest that can be set: nobody rests an hour between sets. */
const MAX_REST_S = 15 * 60;

export type RestState = {
  /** When the current rest ends (ms since the epoch); null when no rest runs. */
  endsAt: number | null;
  /** The length the athlete chose, used for the next rest. */
  lengthS: number;
  /** The rest that ended and has not been dismissed yet (its end time). */
  endedAt: number | null;
};

const IDLE: RestState = { endsAt: null, lengthS: DEFAULT_REST_S, endedAt: null };

function read(): RestState {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return IDLE;
    const parsed = JSON.parse(raw) as Partial<RestState>;
    const lengthS = clampLength(Number(parsed.lengthS));
    const endsAt = Number.isFinite(parsed.endsAt) ? (parsed.endsAt as number) : null;
    const endedAt = Number.isFinite(parsed.endedAt) ? (parsed.endedAt as number) : null;
    return { endsAt, lengthS, endedAt };
  } catch {
    return IDLE;
  }
}

function clampLength(s: number): number {
  return Number.isFinite(s) ? Math.min(MAX_REST_S, Math.max(ADD_S, Math.round(s))) : DEFAULT_REST_S;
}

/** Seconds left at `now` (rounded up, so 0 only when the rest is over). */
export function secondsLeft(state: RestState, now: number): number {
  return state.endsAt === null ? 0 : Math.max(0, Math.ceil((state.endsAt - now) / 1000));
}

/** `1:05`, `0:09`. */
export function clockText(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

let state: RestState = typeof localStorage === 'undefined' ? IDLE : read();
const listeners = new Set<() => void>();

function write(next: RestState): void {
  state = next;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: the timer still runs in this page.
  }
  for (const listener of listeners) listener();
}

export const restTimer = {
  get: (): RestState => state,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A set was saved: rest for the chosen length from now. */
  start(now = Date.now()): void {
    write({ ...state, endsAt: now + state.lengthS * 1000, endedAt: null });
  },
  /** Picks the length of rests (and restarts a running one with it). */
  choose(lengthS: number, now = Date.now()): void {
    const length = clampLength(lengthS);
    write({ ...state, lengthS: length, endsAt: state.endsAt === null ? null : now + length * 1000 });
  },
  add(seconds = ADD_S, now = Date.now()): void {
    if (state.endsAt === null) return;
    write({ ...state, endsAt: Math.min(now + MAX_REST_S * 1000, Math.max(state.endsAt, now) + seconds * 1000) });
  },
  skip(): void {
    write({ ...state, endsAt: null, endedAt: null });
  },
  /** The clock passed the end: the rest is over (once). Returns whether it just ended. */
  settle(now = Date.now()): boolean {
    if (state.endsAt === null || now < state.endsAt) return false;
    write({ ...state, endedAt: state.endsAt, endsAt: null });
    return true;
  },
  dismiss(): void {
    write({ ...state, endedAt: null });
  },
  /** Another tab changed it. */
  reload(): void {
    state = read();
    for (const listener of listeners) listener();
  },
};
