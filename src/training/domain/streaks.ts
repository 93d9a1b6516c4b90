/**
 * The athlete's workout streak, defined for planned training: with a Monday /
 * Wednesday / Friday plan a streak of calendar days could never pass 1.
 *
 * A streak counts planned workouts in a row, in date order, that the athlete
 * logged (completed or partly done). Days without a workout (rest days) do not
 * break it; a workout dated before today with nothing logged (missed) does.
 * Today's workouts count once logged and break nothing while today is open;
 * future workouts are not looked at.
 */
export const STREAK_DEFINITION = 'Planned workouts in a row that you logged. Rest days do not break it; a missed workout does. Today’s workout counts once you log it.';

export interface StreakWorkout {
  date: string;
  /** The read model's base status: 'scheduled' means nothing was logged. */
  baseStatus: 'scheduled' | 'completed' | 'partial';
}

export function workoutStreaks(workouts: readonly StreakWorkout[], today: string): { current: number; best: number } {
  const ordered = workouts.filter((w) => w.date <= today).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let run = 0;
  let best = 0;
  for (const w of ordered) {
    if (w.baseStatus !== 'scheduled') {
      run += 1;
      best = Math.max(best, run);
    } else if (w.date < today) {
      run = 0;
    }
    // Scheduled today: still open, neither counts nor breaks.
  }
  return { current: run, best };
}
