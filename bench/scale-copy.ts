/**
 * `COPY … FROM STDIN` with node-postgres alone (pg-copy-streams is not a dependency):
 * a query object that pg's client submits like any other, and that answers the
 * server's CopyInResponse by sending the rows it holds, already in COPY's text format.
 */
import type pg from 'pg';

interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

/** One COPY statement and its rows; resolves with the number of rows the server took. */
class CopyIn {
  private rows = 0;
  private error: Error | null = null;
  readonly done: Promise<number>;
  private settle!: { resolve: (n: number) => void; reject: (e: Error) => void };

  constructor(
    readonly text: string,
    private readonly chunks: Buffer[],
  ) {
    this.done = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }

  submit(connection: CopyConnection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: CopyConnection): void {
    for (const chunk of this.chunks) connection.sendCopyFromChunk(chunk);
    connection.endCopyFrom();
  }

  handleCommandComplete(msg: { text: string }): void {
    this.rows = Number(/\d+$/.exec(msg.text)?.[0] ?? 0);
  }

  handleError(e: Error): void {
    this.error = e;
  }

  handleReadyForQuery(): void {
    if (this.error) this.settle.reject(this.error);
    else this.settle.resolve(this.rows);
  }

  // Messages a COPY never gets; pg's client may still call these on any query.
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

/** Sends `COPY <table> (<columns>) FROM STDIN` with the given text-format rows on `client`. */
export async function copyRows(client: pg.ClientBase, table: string, columns: string[], chunks: Buffer[]): Promise<number> {
  const copy = new CopyIn(`COPY ${table} (${columns.join(', ')}) FROM STDIN`, chunks);
  void client.query(copy as unknown as pg.QueryConfig);
  return copy.done;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A value in COPY's text format: backslash, newline, carriage return and tab escaped. */
export function copyText(value: string): string {
  return value.replace(/[\\\n\r\t]/g, (c) => ESCAPES[c]);
}
