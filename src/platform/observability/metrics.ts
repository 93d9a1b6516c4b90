/**
 * Prometheus metrics of one server (prom-client). A registry per app, not the global
 * one: a test process builds several apps, and each must report its own.
 *
 * Command latency is observed as requests finish; everything else (projection lag,
 * parked events, the mail outbox, websockets, the pool) is read when Prometheus
 * scrapes, so nothing is counted twice and an idle server does no work for it.
 */
import type pg from 'pg';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ProjectionRunner } from '../projections/runner.ts';

export interface MetricsSources {
  pool: pg.Pool;
  runner: ProjectionRunner;
  /** Open realtime websockets of this server. */
  websocketConnections: () => number;
  /** The pool's configured size, so use can be read as a fraction. */
  poolMax: number;
}

export interface ServerMetrics {
  registry: Registry;
  /** Records one command (an HTTP call that is not a GET) by its route, e.g. `POST /api/workouts/:id/actuals`. */
  observeCommand(command: string, status: number, seconds: number): void;
}

export function createMetrics(src: MetricsSources): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'spotter_process_' });

  const commandSeconds = new Histogram({
    name: 'spotter_command_duration_seconds',
    help: 'Time from request to answer of each command, by route and status class.',
    labelNames: ['command', 'status'] as const,
    // From a cached-state append (~2 ms) to a bulk paste under load.
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  // The database-backed gauges share one read per scrape: prom-client collects every
  // metric at once, so each gauge's collect awaits the same snapshot.
  let reading: Promise<Snapshot> | null = null;
  const snapshot = () =>
    (reading ??= readSnapshot(src).finally(() => {
      reading = null;
    }));
  const gauge = (name: string, help: string, fill: (g: Gauge<string>, s: Snapshot) => void, labelNames: string[] = []) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        fill(this, await snapshot());
      },
    });
  const perProjection = (name: string, help: string, value: (p: Snapshot['projections'][number]) => number) =>
    gauge(name, help, (g, s) => s.projections.forEach((p) => g.set({ projection: p.name }, value(p))), ['projection']);

  perProjection('spotter_projection_lag_events', 'Events in the store a projection has not applied yet.', (p) => p.lag);
  perProjection('spotter_projection_lag_seconds', 'Age of the oldest event a projection has not applied yet (0 when caught up).', (p) => p.lagSeconds);
  perProjection('spotter_projection_owned', '1 when this server runs the projection (holds its ownership lock).', (p) => (p.owned ? 1 : 0));
  perProjection('spotter_parked_events', 'Events a projection could not apply and parked (spotter parked).', (p) => p.parked);
  gauge('spotter_mail_outbox_depth', 'Mails queued and not sent yet (pending or sending).', (g, s) => g.set(s.outboxDepth));
  gauge('spotter_mail_outbox_oldest_age_seconds', 'Age of the oldest mail not sent yet (0 when none).', (g, s) => g.set(s.outboxOldestSeconds));
  new Gauge({
    name: 'spotter_websocket_connections',
    help: 'Open realtime websockets on this server.',
    registers: [registry],
    collect() {
      this.set(src.websocketConnections());
    },
  });
  new Gauge({
    name: 'spotter_db_pool_connections',
    help: 'Database pool of this server: open connections by state (total, idle), and requests waiting for one.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, src.pool.totalCount);
      this.set({ state: 'idle' }, src.pool.idleCount);
      this.set({ state: 'waiting' }, src.pool.waitingCount);
    },
  });
  new Gauge({
    name: 'spotter_db_pool_max',
    help: 'Size of the database pool of this server.',
    registers: [registry],
    collect() {
      this.set(src.poolMax);
    },
  });

  return {
    registry,
    observeCommand(command, status, seconds) {
      commandSeconds.observe({ command, status: `${Math.floor(status / 100)}xx` }, seconds);
    },
  };
}

interface Snapshot {
  projections: { name: string; lag: number; lagSeconds: number; owned: boolean; parked: number }[];
  outboxDepth: number;
  outboxOldestSeconds: number;
}

async function readSnapshot(src: MetricsSources): Promise<Snapshot> {
  const statuses = await src.runner.status();
  const ages = await oldestUnappliedAges(
    src.pool,
    statuses.map((s) => s.checkpoint),
  );
  const { rows } = await src.pool.query<{ n: number; oldest: number | null }>(
    `SELECT count(*)::int AS n, extract(epoch FROM now() - min(created_at))::float8 AS oldest FROM email_outbox WHERE status IN ('pending', 'sending')`,
  );
  return {
    projections: statuses.map((s, i) => ({ name: s.name, lag: s.lag, lagSeconds: ages[i], owned: s.owned, parked: s.parked })),
    outboxDepth: rows[0].n,
    outboxOldestSeconds: Math.max(0, rows[0].oldest ?? 0),
  };
}

/**
 * Seconds since the oldest event after each checkpoint was appended, in one query:
 * the next event in global order is the oldest one not applied (null checkpoint: the first).
 */
async function oldestUnappliedAges(pool: pg.Pool, checkpoints: (string | null)[]): Promise<number[]> {
  if (checkpoints.length === 0) return [];
  const { rows } = await pool.query<{ i: number; age: number | null }>(
    `SELECT c.i, (SELECT extract(epoch FROM now() - e.created_at)::float8 FROM es_events e
                   WHERE (e.tx_id, e.position) > (split_part(c.cp, ':', 1)::numeric::text::xid8, split_part(c.cp, ':', 2)::bigint)
                   ORDER BY e.tx_id, e.position LIMIT 1) AS age
       FROM unnest($1::text[]) WITH ORDINALITY AS c(cp, i)`,
    [checkpoints.map((c) => c ?? '0:0')],
  );
  const ages = new Array<number>(checkpoints.length).fill(0);
  for (const r of rows) ages[r.i - 1] = Math.max(0, r.age ?? 0);
  return ages;
}
