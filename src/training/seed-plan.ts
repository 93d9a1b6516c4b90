/**
 * What `spotter seed` creates, as pure data: coaches and their athletes (names,
 * e-mails, how diligent and how strong each is) and each athlete's year of
 * training: 4 sessions a week (Mon, Tue, Thu, Fri), alternating two days of 6
 * exercises × 4 sets, loads climbing week by week, and actuals with misses. The
 * same seed and the same `today` always give the same plan, ids included.
 */
import { deterministicId } from '../platform/handle-command.ts';
import type { WorkoutContent } from './domain/events.ts';
import { guessIntent } from './domain/intents.ts';
import { random } from './domain/demo-plan.ts';
import { weekStart } from './domain/summaries.ts';
import { addDays, type WorkoutExercise, type WorkoutSet } from './domain/workout-rules.ts';
import { topicOf } from '../kernel/topics.ts';

export const SEED_PASSWORD = 'spotter-seed';
export const SEED_DOMAIN = 'seed.spotter';

export interface SeedSize {
  coaches: number;
  athletesPerCoach: number;
  weeks: number;
  seed: number;
}

export interface SeedPerson {
  id: string;
  email: string;
  fullName: string;
}

export interface SeedAthlete extends SeedPerson {
  /** Share of planned sets the athlete does. */
  diligence: number;
  /** Multiplies every planned load. */
  strength: number;
}

export interface SeedCoach extends SeedPerson {
  athletes: SeedAthlete[];
}

export interface SeedWorkout {
  id: string;
  content: WorkoutContent;
  /** The athlete's last session: planned bare, then logged set by set through RecordSetActual. */
  loggedLive: boolean;
}

const FIRST = ['Ava', 'Ben', 'Cleo', 'Dan', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jade', 'Kai', 'Lena', 'Milo', 'Nia', 'Omar', 'Pia', 'Quin', 'Rosa', 'Sami', 'Tess'];
const LAST = ['Adams', 'Brooks', 'Cruz', 'Diaz', 'Evans', 'Fox', 'Gray', 'Hale', 'Ito', 'Jones', 'Khan', 'Lopez', 'Moss', 'Nash', 'Ortiz', 'Park', 'Reed', 'Stone', 'Tran', 'Vega'];

export type Planned = [name: string, reps: number, load: number];
/** Two alternating days; loads are for a strength factor of 1 in week 0 (also bench/scale-generate.ts's programme). */
export const DAYS: Planned[][] = [
  [
    ['Back Squat', 5, 185],
    ['Bench Press', 5, 145],
    ['Barbell Row', 8, 115],
    ['Overhead Press', 6, 85],
    ['Romanian Deadlift', 8, 155],
    ['Pull Up', 8, 0],
  ],
  [
    ['Deadlift', 5, 225],
    ['Incline Bench Press', 8, 115],
    ['Front Squat', 5, 135],
    ['Lat Pulldown', 10, 100],
    ['Walking Lunge', 10, 40],
    ['Dumbbell Curl', 12, 25],
  ],
];
/** Monday, Tuesday, Thursday, Friday. */
const SESSION_OFFSETS = [1, 2, 4, 5];
const SETS_PER_EXERCISE = 4;

const id = (seed: number, what: string) => deterministicId(`spotter-seed:${seed}:${what}`);
const round = (n: number, step: number) => Math.round(n / step) * step;

export function seedPeople(size: SeedSize): SeedCoach[] {
  const rnd = random(size.seed);
  const coaches: SeedCoach[] = [];
  for (let c = 0; c < size.coaches; c++) {
    const email = `coach${c + 1}.s${size.seed}@${SEED_DOMAIN}`;
    const athletes: SeedAthlete[] = [];
    for (let a = 0; a < size.athletesPerCoach; a++) {
      const n = c * size.athletesPerCoach + a;
      const athleteEmail = `athlete${a + 1}.c${c + 1}.s${size.seed}@${SEED_DOMAIN}`;
      athletes.push({
        id: id(size.seed, topicOf.user(athleteEmail)),
        email: athleteEmail,
        fullName: `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]} ${n + 1}`,
        diligence: 0.6 + rnd() * 0.38,
        strength: 0.7 + rnd() * 0.6,
      });
    }
    coaches.push({ id: id(size.seed, topicOf.user(email)), email, fullName: `Coach ${LAST[c % LAST.length]} ${c + 1}`, athletes });
  }
  return coaches;
}

/** What the athlete did in one set: as planned, a rep or two short, or nothing (0 reps logged, or not logged). */
function actualFor(set: WorkoutSet, rnd: () => number, diligence: number): WorkoutSet['actual'] | undefined {
  const r = rnd();
  if (r > diligence) return rnd() < 0.5 ? { reps: 0 } : undefined;
  const short = rnd() < 0.12 ? 1 + Math.floor(rnd() * 2) : 0;
  return { reps: Math.max(1, (set.reps ?? 0) - short), load: set.load ?? 0 };
}

/**
 * One athlete's sessions over the `weeks` weeks before today's week, oldest first.
 * `athleteIndex` makes each athlete's random stream their own, so the plan of one
 * athlete does not depend on how many came before.
 */
export function athleteProgramme(size: SeedSize, athlete: SeedAthlete, athleteIndex: number, today: string): SeedWorkout[] {
  const rnd = random(size.seed * 100_003 + athleteIndex + 1);
  const thisWeek = weekStart(today);
  const out: SeedWorkout[] = [];
  let session = 0;
  for (let w = size.weeks; w >= 1; w--) {
    const week = size.weeks - w;
    for (const offset of SESSION_OFFSETS) {
      const date = addDays(thisWeek, -7 * w + offset);
      if (date >= today) continue;
      const day = DAYS[session % DAYS.length];
      // Progression: +1.5 % a week, in 5 lbs steps.
      const exercises: WorkoutExercise[] = day.map(([name, reps, load], i) => ({
        exercise_name: name,
        heading: `${String.fromCharCode(65 + i)}1`,
        order_index: i,
        exercise_intent: guessIntent(name),
        sets: Array.from({ length: SETS_PER_EXERCISE }, () => {
          const set: WorkoutSet = { type: 'standard', reps, ...(load > 0 ? { load: round(load * athlete.strength * (1 + 0.015 * week), 5) } : {}) };
          const actual = actualFor(set, rnd, athlete.diligence);
          return actual ? { ...set, actual } : set;
        }),
      }));
      out.push({
        id: id(size.seed, `workout:${athlete.email}:${session}`),
        content: { date, name: session % 2 === 0 ? 'Strength A' : 'Strength B', notes: null, exercises },
        loggedLive: false,
      });
      session++;
    }
  }
  if (out.length) out[out.length - 1].loggedLive = true;
  return out;
}

export const withoutActuals = (exercises: WorkoutExercise[]): WorkoutExercise[] => exercises.map((e) => ({ ...e, sets: e.sets.map(({ actual: _a, ...s }) => s) }));
