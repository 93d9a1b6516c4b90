/**
 * What the calendar does to whole workouts (coach-core §4): copy, cut, paste with
 * relative day offsets, delete with a durable 5-minute undo, and moving a card to
 * another day. Failures are told to the coach (the spec only logged them).
 */
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../../lib/api-client';
import type { CalendarWorkout } from '../../../lib/calendar-workout';
import { trainingKey } from '../api/types';
import { useCreateWorkouts, useDeleteWorkouts, useMoveWorkout, useRestoreWorkouts } from '../api/workout-commands';
import { clearClipboard, pastePlan, putOnClipboard, type Clipboard } from '../utils/clipboard';
import { useUndoRecord } from '../utils/undo-store';
import type { Toast } from './toasts';

type Show = (text: string, options?: { variant?: Toast['variant']; durationMs?: number }) => void;

const plural = (n: number) => `${n} workout${n === 1 ? '' : 's'}`;

export function useCalendarActions(clientId: string, clipboard: Clipboard | null, show: Show, clearSelection: () => void) {
  const queryClient = useQueryClient();
  const create = useCreateWorkouts(clientId);
  const remove = useDeleteWorkouts(clientId);
  const restore = useRestoreWorkouts(clientId);
  const move = useMoveWorkout(clientId);
  const undo = useUndoRecord(clientId);
  const fail = (what: string) => (error: unknown) => show(`${what} failed: ${errorMessage(error)}`, { variant: 'error', durationMs: 8000 });

  const copy = (workouts: CalendarWorkout[]) => {
    putOnClipboard(workouts, 'copy');
    clearSelection();
    show(`Copied ${plural(workouts.length)}. Choose Paste on a day.`, { variant: 'success' });
  };

  const cut = (workouts: CalendarWorkout[]) => {
    remove.mutate(
      workouts.map((w) => w.id),
      {
        onSuccess: () => {
          putOnClipboard(workouts, 'cut');
          clearSelection();
          show(`Cut ${plural(workouts.length)}. Choose Paste on a day.`, { variant: 'success' });
        },
        onError: fail('Cut'),
      },
    );
  };

  const deleteWorkouts = (workouts: CalendarWorkout[]) => {
    if (workouts.length === 0) return;
    remove.mutate(
      workouts.map((w) => w.id),
      {
        onSuccess: () => {
          undo.remember(
            workouts.map((w) => w.id),
            workouts.map((w) => w.date),
          );
          putOnClipboard(workouts, 'delete');
          clearSelection();
          show(`Deleted ${plural(workouts.length)}. Undo is available for 5 minutes.`);
        },
        onError: fail('Delete'),
      },
    );
  };

  const paste = (date: string) => {
    if (!clipboard) return;
    create.mutate(pastePlan(clipboard, date, clientId), {
      onSuccess: (result) => {
        clearClipboard();
        show(`Pasted ${plural(result.created_count)}.`, { variant: 'success' });
      },
      onError: fail('Paste'),
    });
  };

  const undoDelete = () => {
    const record = undo.record;
    if (!record) return;
    restore.mutate(record.workoutIds, {
      onSuccess: (result) => {
        undo.clear();
        if (clipboard?.metadata.operationType === 'delete') clearClipboard();
        show(`Restored ${plural(result.restored_count)}.`, { variant: 'success' });
      },
      onError: (error) => {
        // Already restored (another tab) or gone: the undo can never succeed now.
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) undo.clear();
        fail('Undo')(error);
      },
    });
  };

  const moveTo = (workoutId: string, date: string) => {
    const calendarKey = [...trainingKey(clientId), 'calendar'];
    const current = queryClient
      .getQueriesData<{ workouts: CalendarWorkout[] }>({ queryKey: calendarKey })
      .flatMap(([, data]) => data?.workouts ?? [])
      .find((w) => w.id === workoutId);
    if (!current || current.date === date) return;
    // The card lands at once; the refetch after the move puts in the server's status.
    void queryClient.cancelQueries({ queryKey: calendarKey });
    queryClient.setQueriesData<{ workouts: CalendarWorkout[] }>({ queryKey: calendarKey }, (data) =>
      data ? { workouts: data.workouts.map((w) => (w.id === workoutId ? { ...w, date } : w)) } : data,
    );
    move.mutate({ workoutId, date }, { onError: fail('Move') });
  };

  return {
    copy,
    cut,
    deleteWorkouts,
    paste,
    undoDelete,
    moveTo,
    undoRecord: undo.record,
    busy: create.isPending || remove.isPending || restore.isPending,
  };
}
