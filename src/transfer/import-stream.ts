/**
 * An import that reports as it goes (issue 25): with `Accept: application/x-ndjson`
 * POST /api/imports answers 200 at once and then one JSON line per step:
 *
 *   {"type":"progress","phase":"reading","rows":1000,"workouts":25,"bytes":120000,"total_bytes":1200000}
 *   {"type":"progress","phase":"writing","workouts":2500}
 *   {"type":"result","outcome":{…the same object as the plain JSON answer…}}
 *   or {"type":"error","status":400,"error":"Line 12: …"}
 *
 * Why a streamed answer rather than a job followed over the websocket: the progress
 * belongs to one request, so nothing has to be stored, authorised per topic, or
 * cleaned up when the browser goes away; the outcome and any error arrive on the same
 * connection, and the import keeps every guarantee of the plain request (the whole
 * file is checked before one transaction writes it; a bad line writes nothing).
 * Access is checked before the 200 goes out, so a refused caller still gets a 4xx.
 */
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../kernel/decider.ts';
import { importHistory, type ImportOptions, type TransferDeps } from './import.ts';

export const NDJSON = 'application/x-ndjson';

export const wantsProgress = (req: FastifyRequest) => (req.headers.accept ?? '').includes(NDJSON);

/** Runs the import, writing its progress and outcome as NDJSON to the reply. */
export function streamImport(deps: TransferDeps, req: FastifyRequest, reply: FastifyReply, actorId: string, athleteId: string, body: Readable, opts: ImportOptions) {
  const out = new PassThrough();
  const line = (value: unknown) => out.write(`${JSON.stringify(value)}\n`);
  const length = Number(req.headers['content-length']);
  const totalBytes = Number.isSafeInteger(length) && length > 0 ? length : null;
  void importHistory(deps, actorId, athleteId, body, {
    ...opts,
    onProgress: (p) => line({ type: 'progress', ...p, ...(p.phase === 'reading' ? { total_bytes: totalBytes } : {}) }),
  })
    .then((outcome) => line({ type: 'result', outcome }))
    .catch((e: unknown) => {
      if (e instanceof DomainError) return line({ type: 'error', status: e.status, error: e.message });
      req.log.error(e);
      line({ type: 'error', status: 500, error: 'An unexpected error occurred. Please try again.' });
    })
    .finally(() => out.end());
  // No proxy may hold the lines back (the route itself is not compressed: routes.ts).
  return reply.type(`${NDJSON}; charset=utf-8`).header('cache-control', 'no-store').header('x-accel-buffering', 'no').send(out);
}
