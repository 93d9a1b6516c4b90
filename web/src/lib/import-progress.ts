/**
 * An import that shows how far it is (issue 25). The server reads the file as it
 * arrives and, asked for `application/x-ndjson`, answers one JSON line per step
 * (src/transfer/import-stream.ts). XMLHttpRequest rather than fetch: it reports the
 * upload as it goes (the server takes the file in only as fast as it parses it, so
 * bytes sent track bytes read) and hands over the answer's lines as they come.
 */
import { ApiError, NO_TOKEN_MESSAGE } from './api-client';
import { getSession, refreshSession } from './session';
import type { ImportOutcome } from './transfer';

/** Sending: the upload's bytes (the server has answered nothing yet); reading: rows and workouts read so far; writing: the new workouts going in, in one transaction. */
export type ImportProgress = { phase: 'sending' | 'reading' | 'writing'; rows: number; workouts: number; bytes: number; totalBytes: number };

type Line =
  | { type: 'progress'; phase: 'reading'; rows: number; workouts: number; bytes: number; total_bytes: number | null }
  | { type: 'progress'; phase: 'writing'; workouts: number }
  | { type: 'result'; outcome: ImportOutcome }
  | { type: 'error'; status: number; error: string };

function post(
  url: string,
  file: Blob,
  token: string,
  onProgress: (p: ImportProgress) => void,
): Promise<{ status: number; text: string; outcome?: ImportOutcome; error?: ApiError }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const totalBytes = file.size;
    let state: ImportProgress = { phase: 'sending', rows: 0, workouts: 0, bytes: 0, totalBytes };
    let seen = 0;
    let outcome: ImportOutcome | undefined;
    let error: ApiError | undefined;
    const emit = (next: ImportProgress) => {
      state = next;
      onProgress(next);
    };
    const readLines = () => {
      if (xhr.status !== 200) return;
      const text = xhr.responseText;
      const end = text.lastIndexOf('\n') + 1;
      if (end <= seen) return;
      for (const raw of text.slice(seen, end).split('\n')) {
        if (!raw.trim()) continue;
        const line = JSON.parse(raw) as Line;
        if (line.type === 'result') outcome = line.outcome;
        else if (line.type === 'error') error = new ApiError(line.error, line.status);
        else if (line.phase === 'reading') emit({ phase: 'reading', rows: line.rows, workouts: line.workouts, bytes: line.bytes, totalBytes: line.total_bytes ?? totalBytes });
        else emit({ ...state, phase: 'writing', workouts: line.workouts, bytes: totalBytes });
      }
      seen = end;
    };
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.setRequestHeader('Accept', 'application/x-ndjson');
    xhr.upload.onprogress = (e) => {
      if (state.phase === 'sending') emit({ ...state, bytes: e.loaded });
    };
    xhr.onprogress = readLines;
    xhr.onload = () => {
      readLines();
      resolve({ status: xhr.status, text: xhr.responseText, outcome, error });
    };
    xhr.onerror = () =>
      reject(new Error('The connection was lost during the import. Nothing was imported unless the calendar shows it; importing the file again adds only what is missing.'));
    xhr.send(file);
  });
}

/**
 * Reads the file on the server and answers what it holds (with `dryRun` nothing is
 * written), calling `onProgress` as the server reads and writes.
 */
export async function sendImportWithProgress(
  athleteId: string,
  file: File,
  options: { dryRun: boolean; mapping: Record<string, string> },
  onProgress: (p: ImportProgress) => void,
): Promise<ImportOutcome> {
  const params = new URLSearchParams({ athlete_id: athleteId, dry_run: String(options.dryRun) });
  if (Object.keys(options.mapping).length > 0) params.set('mapping', JSON.stringify(options.mapping));
  const url = `/api/imports?${params.toString()}`;
  const body = new Blob([file], { type: 'text/csv' });
  const session = getSession();
  if (!session) throw new Error(NO_TOKEN_MESSAGE);
  let answer = await post(url, body, session.accessToken, onProgress);
  if (answer.status === 401) {
    // One refresh, one retry, as every other request (api-client.ts).
    const refreshed = await refreshSession(session.accessToken).catch(() => null);
    if (refreshed) answer = await post(url, body, refreshed.accessToken, onProgress);
  }
  if (answer.status !== 200) {
    let message = `HTTP ${answer.status}`;
    try {
      const data = JSON.parse(answer.text) as { error?: unknown };
      if (typeof data.error === 'string') message = data.error;
    } catch {
      // Not JSON: keep the status.
    }
    throw new ApiError(message, answer.status);
  }
  if (answer.error) throw answer.error;
  if (!answer.outcome) throw new Error('The import ended without an answer. Importing the file again adds only what is missing.');
  return answer.outcome;
}

/** Seconds left from how long the part done took; null until there is enough to tell. */
export function secondsLeft(done: number, total: number, elapsedMs: number): number | null {
  if (total <= 0 || done <= 0 || done >= total || elapsedMs < 500) return null;
  return Math.ceil(((elapsedMs / done) * (total - done)) / 1000);
}
