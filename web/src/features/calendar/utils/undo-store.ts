/**
 * The undo of a delete (coach-core §4: available for 5 minutes). Kept in
 * localStorage with its time, so an Undo after a reload (or from another tab)
 * still restores the workouts through the server's restore call.
 */
import { useCallback, useEffect, useState } from 'react';

export const UNDO_WINDOW_MS = 5 * 60 * 1000;
const KEY = 'spotter-calendar-undo';

export type UndoRecord = { clientId: string; workoutIds: string[]; dates: string[]; deletedAt: number };

function readAll(): UndoRecord[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as UndoRecord[]).filter((r) => r && Array.isArray(r.workoutIds)) : [];
  } catch {
    return [];
  }
}

function writeAll(records: UndoRecord[]): void {
  const live = records.filter((r) => Date.now() - r.deletedAt < UNDO_WINDOW_MS);
  if (live.length) localStorage.setItem(KEY, JSON.stringify(live));
  else localStorage.removeItem(KEY);
}

function readFor(clientId: string): UndoRecord | null {
  const record = readAll().find((r) => r.clientId === clientId);
  return record && Date.now() - record.deletedAt < UNDO_WINDOW_MS ? record : null;
}

/** The undo available on one athlete's calendar, refreshed when it expires or another tab changes it. */
export function useUndoRecord(clientId: string) {
  const [record, setRecord] = useState<UndoRecord | null>(() => readFor(clientId));

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- re-reads localStorage (an external store) when the athlete changes
    setRecord(readFor(clientId));
    const onStorage = (event: StorageEvent) => {
      if (event.key === KEY || event.key === null) setRecord(readFor(clientId));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [clientId]);

  useEffect(() => {
    if (!record) return;
    const left = UNDO_WINDOW_MS - (Date.now() - record.deletedAt);
    const timer = window.setTimeout(() => setRecord(readFor(clientId)), Math.max(left, 0) + 50);
    return () => window.clearTimeout(timer);
  }, [record, clientId]);

  const remember = useCallback(
    (workoutIds: string[], dates: string[]) => {
      const next: UndoRecord = { clientId, workoutIds, dates, deletedAt: Date.now() };
      writeAll([...readAll().filter((r) => r.clientId !== clientId), next]);
      setRecord(next);
    },
    [clientId],
  );

  const clear = useCallback(() => {
    writeAll(readAll().filter((r) => r.clientId !== clientId));
    setRecord(null);
  }, [clientId]);

  return { record, remember, clear };
}
