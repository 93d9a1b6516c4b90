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

/** Sums signed rows by key, dropping the ones that cancel out (a set actual changes no prescribed total). */
export class DeltaSum {
  private readonly rows = new Map<string, DeltaRow>();
  constructor(private readonly values: readonly string[]) {}

  add(key: DeltaRow, values: Record<string, number>, sign: 1 | -1): void {
    // Keys joined by NUL, which no key value holds (PostgreSQL text cannot): a rebuild
    // adds tens of millions of deltas, and JSON.stringify of each key was its largest
    // cost in node (issue 28).
    let id = '';
    for (const name in key) id += `${name}\u0001${key[name]}\u0000`;
    let row = this.rows.get(id);
    if (!row) {
      row = { ...key };
      for (const v of this.values) row[v] = 0;
      this.rows.set(id, row);
    }
    for (const v of this.values) row[v] = (row[v] as number) + sign * (values[v] ?? 0);
  }

  /** Rounded to 6 decimals: float noise (3 × 0.1) must not pile up in numeric columns. */
  nonZero(): DeltaRow[] {
    const out: DeltaRow[] = [];
    for (const row of this.rows.values()) {
      for (const v of this.values) row[v] = Math.round((row[v] as number) * 1e6) / 1e6;
      if (this.values.some((v) => row[v] !== 0)) out.push(row);
    }
    return out;
  }
}
