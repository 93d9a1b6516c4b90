/**
 * The demo athletes' training, as pure data: a three-day strength programme
 * (Monday, Wednesday, Friday) from five weeks back to next week, with loads that
 * climb week by week and actuals for the past sessions according to how diligent
 * each athlete is. Deterministic (seeded), so every demo looks the same.
 */
import type { WorkoutContent } from './events.ts';
import { guessIntent } from './intents.ts';
import { addDays, type WorkoutExercise, type WorkoutSet } from './workout-rules.ts';
import { weekStart } from './summaries.ts';

export interface DemoAthlete {
  fullName: string;
  email: string;
  /** Share of planned sets the athlete really does (drives their compliance colour). */
  diligence: number;
  /** Multiplies every planned load. */
  strength: number;
}

export const DEMO_COACH = { fullName: 'Demo Coach', email: 'coach@demo.spotter' };
export const DEMO_PASSWORD = 'spotter-demo';
export const DEMO_ATHLETES: DemoAthlete[] = [
  { fullName: 'Ava Johnson', email: 'ava@demo.spotter', diligence: 0.97, strength: 0.8 },
  { fullName: 'Marcus Lee', email: 'marcus@demo.spotter', diligence: 0.8, strength: 1.2 },
  { fullName: 'Sofia Garcia', email: 'sofia@demo.spotter', diligence: 0.55, strength: 0.9 },
  { fullName: 'Noah Williams', email: 'noah@demo.spotter', diligence: 0.9, strength: 1.0 },
];

type Planned = [name: string, sets: number, reps: number, load: number] | [name: string, sets: number, seconds: number, load: 0, 'time'];

const DAYS: { offset: number; name: string; exercises: Planned[] }[] = [
  {
    offset: 1,
    name: 'Lower A + Push',
    exercises: [
      ['Back Squat', 4, 5, 185],
      ['Bench Press', 4, 5, 145],
      ['Barbell Row', 3, 8, 115],
      ['Plank', 3, 45, 0, 'time'],
    ],
  },
  {
    offset: 3,
    name: 'Pull + Hinge',
    exercises: [
      ['Deadlift', 3, 5, 225],
      ['Overhead Press', 4, 6, 85],
      ['Pull Up', 3, 8, 0],
      ['Walking Lunge', 3, 10, 40],
    ],
  },
  {
    offset: 5,
    name: 'Power Day',
    exercises: [
      ['Power Clean', 5, 3, 125],
      ['Box Jump', 4, 5, 0],
      ['Romanian Deadlift', 3, 8, 155],
      ['Hip Mobility Flow', 2, 60, 0, 'time'],
    ],
  },
];

/** Weeks planned around today: five back, this one, one ahead. */
export const DEMO_WEEKS = { before: 5, after: 1 };

/** mulberry32: a tiny seeded generator, so the demo is the same on every machine. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const roundTo5 = (lbs: number) => Math.round(lbs / 5) * 5;

function exercise(p: Planned, index: number, week: number, athlete: DemoAthlete): WorkoutExercise {
  const [name, count] = p;
  const sets: WorkoutSet[] = Array.from({ length: count }, () =>
    p[4] === 'time' ? { type: 'time', time_duration: p[2] } : { type: 'standard', reps: p[2], ...(p[3] > 0 ? { load: roundTo5(p[3] * athlete.strength + 5 * week) } : {}) },
  );
  return { exercise_name: name, heading: `${String.fromCharCode(65 + index)}1`, order_index: index, exercise_intent: guessIntent(name), sets };
}

/** What the athlete did in one set: usually as planned, sometimes a rep short, sometimes nothing. */
function actualFor(set: WorkoutSet, rnd: () => number, diligence: number): WorkoutSet['actual'] {
  if (rnd() > diligence) return undefined;
  if (set.type === 'time') return { time_duration: set.time_duration, load: 0 };
  const reps = Math.max(1, (set.reps ?? 0) - (rnd() < 0.15 ? 1 : 0));
  return { reps, load: set.load ?? 0 };
}

export interface DemoWorkout {
  content: WorkoutContent;
  /** True for sessions before today: they get actuals. */
  past: boolean;
}

/** One athlete's programme: planned content, and for past sessions the actuals they logged. */
export function demoProgramme(athlete: DemoAthlete, seed: number, today: string): DemoWorkout[] {
  const rnd = random(seed);
  const thisWeek = weekStart(today);
  const out: DemoWorkout[] = [];
  for (let w = -DEMO_WEEKS.before; w <= DEMO_WEEKS.after; w++) {
    const week = w + DEMO_WEEKS.before;
    for (const day of DAYS) {
      const date = addDays(thisWeek, 7 * w + day.offset);
      const past = date < today;
      // A less diligent athlete also skips whole sessions now and then.
      const skipped = past && rnd() > (1 + athlete.diligence) / 2;
      const exercises = day.exercises.map((p, i) => {
        const e = exercise(p, i, week, athlete);
        if (!past || skipped) return e;
        const sets = e.sets.map((s) => {
          const actual = actualFor(s, rnd, athlete.diligence);
          return actual ? { ...s, actual } : s;
        });
        return { ...e, sets };
      });
      out.push({ content: { date, name: day.name, notes: null, exercises }, past });
    }
  }
  return out;
}
