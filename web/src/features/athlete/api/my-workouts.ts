/**
 * GET /api/athlete/workouts and GET /api/manage-workouts/:id: the signed-in athlete's
 * own training, kept on the phone for the gym.
 *
 * Every answer of the list also saves, in IndexedDB, the workouts from a week back to
 * two weeks ahead (the answer GET /api/athlete/workouts?from=today-7&to=today+14
 * gives); a workout opened online refreshes its copy there. With no connection both
 * reads answer from that copy, saying so (`offline`, `savedAt`).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CalendarWorkout } from '../../../lib/calendar-workout';
import { loadSnapshot, saveSnapshot, updateSnapshot } from '../../../lib/offline/db';
import { isNetworkError, knownOffline, NothingSavedError } from '../../../lib/offline/network';
import { afterWriteHeaders } from '../../../lib/read-after-write';
import { getSession } from '../../../lib/session';
import { addDays } from '../utils/dates';

/** Every query of the athlete's pages starts with this, so `athlete:<me>` refreshes them all. */
export const myTrainingKey = ['my-training'] as const;

/** The days the phone keeps, from today: a week back, two weeks ahead. */
export const GYM_DAYS = { back: 7, ahead: 14 } as const;
const SAVED_KEY = 'athlete-workouts';

type SavedWorkouts = { from: string; to: string; workouts: CalendarWorkout[] };

/** An answer and where it came from. */
type Sourced = {
  /** True when it is the copy on the phone (no connection). */
  offline: boolean;
  /** When that answer arrived (epoch ms). */
  savedAt: number;
  /** When it was asked for: writes sent after this are not in it yet. */
  requestedAt: number;
};

export type MyWorkouts = Sourced & { workouts: CalendarWorkout[] };
export type MyWorkout = Sourced & { workout: CalendarWorkout & { deleted?: boolean } };

const me = () => getSession()?.user.id;
const inRange = (range: { from: string; to: string }) => (w: CalendarWorkout) => w.date >= range.from && w.date <= range.to;

async function fetchMyWorkouts(range: { from: string; to: string }, today: string): Promise<MyWorkouts> {
  const requestedAt = Date.now();
  const userId = me();
  if (!knownOffline()) {
    try {
      const { workouts } = await api.get<{ workouts: CalendarWorkout[] }>('/api/athlete/workouts', { query: range, headers: afterWriteHeaders() });
      const gym = { from: addDays(today, -GYM_DAYS.back), to: addDays(today, GYM_DAYS.ahead) };
      if (userId && range.from <= gym.from && range.to >= gym.to) {
        const saved: SavedWorkouts = { ...gym, workouts: workouts.filter(inRange(gym)) };
        await saveSnapshot(userId, SAVED_KEY, saved, requestedAt).catch((error: unknown) => console.warn('Could not keep the workouts on this device.', error));
      }
      return { workouts, offline: false, savedAt: Date.now(), requestedAt };
    } catch (error) {
      if (!isNetworkError(error)) throw error;
    }
  }
  const saved = userId ? await loadSnapshot(userId, SAVED_KEY) : undefined;
  if (!saved) throw new NothingSavedError();
  const { workouts } = saved.data as SavedWorkouts;
  return { workouts: workouts.filter(inRange(range)), offline: true, savedAt: saved.savedAt, requestedAt: saved.requestedAt };
}

/** Statuses ("missed") follow the server's today in the athlete's profile zone; `today` also places the saved week. */
export function useMyWorkouts(range: { from: string; to: string }, today: string) {
  return useQuery({
    queryKey: [...myTrainingKey, 'workouts', range],
    queryFn: () => fetchMyWorkouts(range, today),
    // With no connection the phone's copy answers at once; back online, ask again.
    networkMode: 'always',
    staleTime: (query) => (query.state.data?.offline ? 0 : 30_000),
  });
}

export const myWorkoutKey = (id: string) => [...myTrainingKey, 'workout', id] as const;

async function fetchMyWorkout(id: string): Promise<MyWorkout> {
  const requestedAt = Date.now();
  const userId = me();
  if (!knownOffline()) {
    try {
      const { workout } = await api.get<{ workout: MyWorkout['workout'] }>(`/api/manage-workouts/${encodeURIComponent(id)}`, { headers: afterWriteHeaders() });
      if (userId) {
        await updateSnapshot(userId, SAVED_KEY, (data) => {
          const saved = data as SavedWorkouts;
          const others = saved.workouts.filter((w) => w.id !== id);
          const keep = !workout.deleted && inRange(saved)(workout) && saved.workouts.some((w) => w.id === id);
          return { ...saved, workouts: keep ? saved.workouts.map((w) => (w.id === id ? workout : w)) : others };
        }).catch((error: unknown) => console.warn('Could not keep the workout on this device.', error));
      }
      return { workout, offline: false, savedAt: Date.now(), requestedAt };
    } catch (error) {
      if (!isNetworkError(error)) throw error;
    }
  }
  const saved = userId ? await loadSnapshot(userId, SAVED_KEY) : undefined;
  const workout = (saved?.data as SavedWorkouts | undefined)?.workouts.find((w) => w.id === id);
  if (!saved || !workout) {
    throw new NothingSavedError(`You are offline, and this workout is not saved on this phone (it keeps ${GYM_DAYS.back} days back and ${GYM_DAYS.ahead} ahead).`);
  }
  return { workout, offline: true, savedAt: saved.savedAt, requestedAt: saved.requestedAt };
}

export function useMyWorkout(id: string) {
  return useQuery({
    queryKey: myWorkoutKey(id),
    queryFn: () => fetchMyWorkout(id),
    networkMode: 'always',
    staleTime: (query) => (query.state.data?.offline ? 0 : 30_000),
  });
}
