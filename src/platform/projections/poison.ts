/**
 * Poison events: one event a handler cannot apply (a value its table cannot hold, a
 * shape its code does not expect) must not stop a projection for every tenant. A
 * batch is applied as one set-based call; when it fails for a reason that lies in the
 * events, the batch is applied again under savepoints, halving it until the failing
 * events stand alone. Those are parked (projection_parked_events) with their error in
 * the same transaction that moves the checkpoint; the rest is applied in order.
 *
 * Whose fault a failure is decides what happens (faultOf): the event's (bad data, a
 * value over a limit of its table, 54000 "index row too big" included) parks it; the
 * environment's (lost connection, deadlock, out of resources, an operator's shutdown)
 * fails the batch, which the runner tries again later; a class we cannot place parks
 * only after UNKNOWN_FAULT_TRIES tries of the same batch, so a projection never
 * retries one event forever while every tenant's read models wait behind it.
 */
import type { StoredEvent } from '../eventstore/port.ts';
import type { Projection, ProjectionContext } from './projection.ts';

export type Fault = 'event' | 'environment' | 'unknown';

/**
 * SQLSTATE classes (the first two characters) the event causes: cardinality (21), data
 * (22), integrity (23), syntax or undefined object from a value it carries (42), with
 * check option (44), program limits such as a too-big index row (54), PL/pgSQL raise (P0).
 */
const EVENT_CLASSES = new Set(['21', '22', '23', '42', '44', '54', 'P0']);
/** Classes that say nothing about the event: connection (08), rollback (40), resources (53), operator (57), system I/O (58). */
const ENVIRONMENT_CLASSES = new Set(['08', '40', '53', '57', '58']);
/** Tries of one batch failing with an unknown class before its failing events are parked. */
export const UNKNOWN_FAULT_TRIES = 3;

export function faultOf(e: unknown): Fault {
  const err = e as { code?: unknown; message?: unknown };
  const message = typeof err?.message === 'string' ? err.message : '';
  if (/connection terminated|not queryable|connection error|timeout exceeded/i.test(message)) return 'environment';
  // No code: the handler's own code threw on the event's shape.
  if (typeof err?.code !== 'string') return 'event';
  // node system errors (ECONNRESET, ECONNREFUSED, …) are the network's.
  if (!/^[0-9A-Z]{5}$/.test(err.code)) return 'environment';
  const cls = err.code.slice(0, 2);
  if (ENVIRONMENT_CLASSES.has(cls)) return 'environment';
  if (EVENT_CLASSES.has(cls)) return 'event';
  return 'unknown';
}

/** The environment's fault: try the batch again later, park nothing. */
export function isTransientError(e: unknown): boolean {
  return faultOf(e) === 'environment';
}

/** After `tries` failed tries of a batch: isolate and park its failing events now? */
export function shouldIsolate(e: unknown, tries: number): boolean {
  const fault = faultOf(e);
  return fault === 'event' || (fault === 'unknown' && tries >= UNKNOWN_FAULT_TRIES);
}

export interface ParkTarget {
  projection: string;
  generation: number;
}

let savepoints = 0;

/**
 * Applies `events` in order inside `ctx.tx`, parking the ones that fail on their own.
 * Call it only after a plain `apply` of the batch failed and shouldIsolate said so, in
 * a transaction started again: the happy path stays one call, no savepoints. Here any
 * failure but the environment's parks (an unknown class already had its tries).
 */
export async function applyIsolating(p: Projection, events: StoredEvent[], ctx: ProjectionContext, target: ParkTarget): Promise<{ topics: string[]; parked: number }> {
  const sp = `poison_${++savepoints}`;
  await ctx.tx.query(`SAVEPOINT ${sp}`);
  let failure: unknown;
  try {
    const topics = [...(await p.apply(events, ctx))];
    await ctx.tx.query(`RELEASE SAVEPOINT ${sp}`);
    return { topics, parked: 0 };
  } catch (e) {
    if (isTransientError(e)) throw e;
    failure = e;
    // A broken connection shows here: the rollback fails and the whole batch is retried.
    await ctx.tx.query(`ROLLBACK TO SAVEPOINT ${sp}`);
    await ctx.tx.query(`RELEASE SAVEPOINT ${sp}`);
  }
  if (events.length === 1) {
    await park(ctx, target, events[0], failure);
    return { topics: [], parked: 1 };
  }
  const half = Math.ceil(events.length / 2);
  const a = await applyIsolating(p, events.slice(0, half), ctx, target);
  const b = await applyIsolating(p, events.slice(half), ctx, target);
  return { topics: [...a.topics, ...b.topics], parked: a.parked + b.parked };
}

export function errorText(e: unknown): string {
  const err = e as { message?: unknown; code?: unknown };
  const message = typeof err?.message === 'string' ? err.message : String(e);
  return (typeof err?.code === 'string' ? `${message} (${err.code})` : message).slice(0, 2000);
}

async function park(ctx: ProjectionContext, target: ParkTarget, e: StoredEvent, error: unknown): Promise<void> {
  await ctx.tx.query(
    `INSERT INTO projection_parked_events (projection, generation, checkpoint, event_id, stream_id, stream_version, event_type, error)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (projection, generation, event_id) DO UPDATE
       SET error = EXCLUDED.error, parked_at = now(), attempts = projection_parked_events.attempts + 1`,
    [target.projection, target.generation, e.checkpoint, e.id, e.stream, e.streamVersion, e.type, errorText(error)],
  );
}
