/**
 * Read models kept as sums (analytics, compliance, team analytics): a batch turns each
 * changed source into signed deltas (its figures before the batch subtracted, after
 * added), summed per key in memory and added onto the stored rows in one statement.
 */
import type { StatementBatch } from './statement-batch.ts';

export type Column = [name: string, sqlType: string];
export type DeltaRow = Record<string, string | number>;

/**
 * Adds each row's values onto the row with the same key (inserting it if new), then
 * drops rows a removal brought back to nothing (`emptyWhen`): one statement each, added
 * to the batch's writes (statement-batch.ts) and sent with them.
 */
export function addDeltas(writes: StatementBatch, table: string, keys: Column[], values: Column[], rows: DeltaRow[], emptyWhen: string): void {
  if (rows.length === 0) return;
  const all = [...keys, ...values];
  const names = all.map(([n]) => n).join(', ');
  const keyNames = keys.map(([n]) => n).join(', ');
  const input = writes.json(rows);
  writes.add(
    `INSERT INTO ${table} AS cur (${names})
     SELECT ${names} FROM json_to_recordset(${input}::json) AS x(${all.map(([n, t]) => `${n} ${t}`).join(', ')})
     ON CONFLICT (${keyNames}) DO UPDATE SET ${values.map(([n]) => `${n} = cur.${n} + EXCLUDED.${n}`).join(', ')}`,
  );
  if (rows.some((r) => values.some(([n]) => Number(r[n]) < 0))) {
    writes.add(
      `DELETE FROM ${table} AS cur USING json_to_recordset(${input}::json) AS x(${keys.map(([n, t]) => `${n} ${t}`).join(', ')})
       WHERE ${keys.map(([n]) => `cur.${n} = x.${n}`).join(' AND ')} AND ${emptyWhen}`,
    );
  }
}

/** A row being summed: its key as given and its sums in `values` order. */
interface SumRow {
  key: DeltaRow;
  sums: Float64Array;
}
/** Rows by their key's values, one Map level per key column. */
type Level = Map<string | number, Level | SumRow>;

/**
 * Sums signed rows by key, dropping the ones that cancel out (a set actual changes no
 * prescribed total). A rebuild adds tens of millions of deltas (issue 28: 13 of the
 * 99 s of node time in a profile of the team analytics rebuild), so rows are found
 * through one Map per key column, keyed by the key's own values: a string keeps its
 * hash once computed, where an id joined from the values was a new string, hashed again
 * at every add (2.2 µs an add; JSON.stringify of each key, before that, was slower
 * still). A row is its key as given (kept, not copied: a key must not change after it is
 * added) and its sums in one Float64Array; the rows come out as objects once, in
 * nonZero().
 */
export class DeltaSum<V extends string = string> {
  private readonly root: Level = new Map();
  private readonly rows: SumRow[] = [];
  /** The key's column names, in the order of the first key added. */
  private keyNames: string[] | null = null;
  constructor(private readonly values: readonly V[]) {}

  add(key: DeltaRow, values: Readonly<Partial<Record<V, number>>>, sign: 1 | -1): void {
    const names = (this.keyNames ??= Object.keys(key));
    // The last column's value finds the row in the level the others lead to (a key of no
    // columns, all-time totals of one thing, is the root's only row, under '').
    let level = this.root;
    for (let i = 0; i < names.length - 1; i++) {
      const value = key[names[i]];
      let next = level.get(value) as Level | undefined;
      if (!next) level.set(value, (next = new Map()));
      level = next;
    }
    const last = names.length ? key[names[names.length - 1]] : '';
    let row = level.get(last) as SumRow | undefined;
    if (!row) {
      level.set(last, (row = { key, sums: new Float64Array(this.values.length) }));
      this.rows.push(row);
    }
    for (let i = 0; i < this.values.length; i++) row.sums[i] += sign * (values[this.values[i]] ?? 0);
  }

  /** Rounded to 6 decimals: float noise (3 × 0.1) must not pile up in numeric columns. */
  nonZero(): DeltaRow[] {
    const out: DeltaRow[] = [];
    const names = this.values;
    for (const { key, sums } of this.rows) {
      const row: DeltaRow = { ...key };
      let moved = false;
      for (let i = 0; i < names.length; i++) {
        const sum = Math.round(sums[i] * 1e6) / 1e6;
        row[names[i]] = sum;
        if (sum !== 0) moved = true;
      }
      if (moved) out.push(row);
    }
    return out;
  }
}
