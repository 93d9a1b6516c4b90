/**
 * A projection for runner tests: counts every `Counted` event per stream and keeps
 * the last stream version it saw, so double application and reordering both show.
 */
import type { Projection } from '../../src/platform/projections/projection.ts';

/** `failCode` gives the failure a SQLSTATE: a transient one (e.g. 08006) makes the runner retry instead of parking. */
export function countingProjection(opts: { name?: string; failOn?: (n: number) => boolean; failCode?: string } = {}): Projection & { applied: number } {
  const p = {
    name: opts.name ?? 'counting',
    version: 1,
    applied: 0,
    handles: ['Counted'],
    tables: {
      [`${opts.name ?? 'counting'}_rows`]: (t: string) =>
        `CREATE TABLE ${t} (stream_id text PRIMARY KEY, seen bigint NOT NULL, last_version bigint NOT NULL, out_of_order bigint NOT NULL DEFAULT 0)`,
    },
    async apply(events, { tx, table }) {
      for (const e of events) {
        const n = (e.data as { n: number }).n;
        if (opts.failOn?.(n)) throw Object.assign(new Error(`handler failed on ${n}`), opts.failCode ? { code: opts.failCode } : {});
        await tx.query(
          `INSERT INTO ${table(`${opts.name ?? 'counting'}_rows`)} AS r (stream_id, seen, last_version) VALUES ($1, 1, $2)
           ON CONFLICT (stream_id) DO UPDATE SET seen = r.seen + 1, last_version = $2,
             out_of_order = r.out_of_order + CASE WHEN $2 = r.last_version + 1 THEN 0 ELSE 1 END`,
          [e.stream, e.streamVersion],
        );
      }
      p.applied += events.length;
      return events.map((e) => `stream:${e.stream}`);
    },
  } satisfies Projection & { applied: number };
  return p;
}
