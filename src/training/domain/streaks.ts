/**
 * The athlete's streak, the one definition every surface shows (the dashboard, the
 * weekly recap e-mail, `spotter recap`): a count of days, as the spec says, but of
 * planned training days, since with a Monday / Wednesday / Friday plan a streak of
 * calendar days could never pass 1.
 *
 * A training day is a day with at least one planned workout; it counts when the
 * athlete logged something in one of them (completed or partly done). Rest days
 * (no workout) do not break the streak; a training day before today with nothing
 * logged (missed) does. Today counts once logged and breaks nothing while it is
 * open; later days are not looked at.
 */
export const STREAK_DEFINITION = 'Training days in a row on which you logged your workout. Rest days do not break it; a missed training day does. Today counts once you log it.';

export interface StreakWorkout {
  date: string;
  /** The read model's base status: 'scheduled' means nothing was logged. */
  baseStatus: 'scheduled' | 'completed' | 'partial';
}

export function trainingDayStreaks(workouts: readonly StreakWorkout[], today: string): { current: number; best: number } {
  const logged = new Map<string, boolean>();
  for (const w of workouts) {
    if (w.date > today) continue;
    logged.set(w.date, (logged.get(w.date) ?? false) || w.baseStatus !== 'scheduled');
  }
  const days = [...logged.keys()].sort();
  let run = 0;
  let best = 0;
  for (const day of days) {
    if (logged.get(day)) {
      run += 1;
      best = Math.max(best, run);
    } else if (day < today) {
      run = 0;
    }
    // Nothing logged yet today: still open, neither counts nor breaks.
  }
  return { current: run, best };
}
