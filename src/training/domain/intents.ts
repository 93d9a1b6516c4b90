/**
 * Exercise intents: why an exercise is in a workout. The intent drives the
 * colour of the exercise on calendar cards, the capacity distribution charts and
 * the rep/intensity guide shown in the editor.
 */

export const EXERCISE_INTENTS = ['power', 'strength', 'hypertrophy', 'endurance', 'mobility', 'technique'] as const;

export type ExerciseIntent = (typeof EXERCISE_INTENTS)[number];

export const DEFAULT_INTENT: ExerciseIntent = 'strength';

export interface IntentProfile {
  /** Hex colour with at least 3:1 contrast against both white and a slate-900 background. */
  color: string;
  description: string;
  repRange: string;
  intensity: string;
  /** Lower-case words or phrases that suggest this intent when found in an exercise name. */
  keywords: string[];
}

export const INTENT_PROFILES: Record<ExerciseIntent, IntentProfile> = {
  power: {
    color: '#dc2626',
    description: 'Move the load as fast as possible; quality of each rep over fatigue.',
    repRange: '1-6 reps',
    intensity: '85-100% of 1RM',
    keywords: [
      'power',
      'clean',
      'snatch',
      'jerk',
      'push press',
      'jump',
      'box jump',
      'broad jump',
      'depth jump',
      'hop',
      'bound',
      'bounding',
      'plyometric',
      'plyo',
      'throw',
      'toss',
      'slam',
      'chest pass',
      'medicine ball',
      'med ball',
      'swing',
      'explosive',
      'jump shrug',
      'sled push',
      'sprint',
      'dash',
      'acceleration',
      'agility',
      'ballistic',
    ],
  },
  strength: {
    color: '#2563eb',
    description: 'Build maximal force with heavy, well-rested sets.',
    repRange: '1-8 reps',
    intensity: '70-95% of 1RM',
    keywords: [
      'squat',
      'deadlift',
      'bench',
      'press',
      'row',
      'pull up',
      'pullup',
      'chin up',
      'chinup',
      'dip',
      'lunge',
      'split squat',
      'step up',
      'hip thrust',
      'good morning',
      'carry',
      'rack pull',
      'pin',
      'pause',
      'weighted',
    ],
  },
  hypertrophy: {
    color: '#9333ea',
    description: 'Grow muscle with moderate loads taken close to failure.',
    repRange: '6-15 reps',
    intensity: '60-80% of 1RM',
    keywords: [
      'curl',
      'extension',
      'raise',
      'fly',
      'flye',
      'crossover',
      'pec deck',
      'pushdown',
      'kickback',
      'shrug',
      'pullover',
      'pulldown',
      'leg press',
      'hack squat',
      'machine',
      'cable',
      'lateral raise',
      'skull crusher',
      'isolation',
      'pump',
    ],
  },
  endurance: {
    color: '#16a34a',
    description: 'Sustain work for longer with light loads, high reps or steady time.',
    repRange: '15+ reps',
    intensity: '40-70% of 1RM',
    keywords: [
      'run',
      'running',
      'jog',
      'mile',
      '5k',
      '10k',
      'tempo run',
      'repeats',
      'rowing',
      'row erg',
      'rowing ergometer',
      'erg',
      'ski erg',
      'bike',
      'cycling',
      'assault bike',
      'swim',
      'swimming',
      'stair climber',
      'jump rope',
      'skipping rope',
      'jumping jack',
      'burpee',
      'mountain climber',
      'battle rope',
      'wall ball',
      'thruster',
      'circuit',
      'conditioning',
      'ruck',
      'rucking',
      'plank',
      'wall sit',
      'hold',
      'dead hang',
      'shuttle',
    ],
  },
  mobility: {
    color: '#0891b2',
    description: 'Gain and own range of motion; controlled, time-based work.',
    repRange: 'Time-based',
    intensity: 'Bodyweight or light',
    keywords: [
      'mobility',
      'mobilization',
      'mobilisation',
      'stretch',
      'stretching',
      'yoga',
      'flow',
      'foam roll',
      'foam roller',
      'cars',
      'cat cow',
      '90 90',
      'pigeon',
      'child s pose',
      'downward dog',
      'pass through',
      'dislocate',
      'wall slide',
      'leg swing',
      'inchworm',
      'open book',
      'jefferson curl',
      'deep squat hold',
      'world s greatest',
      'bird dog',
      'cossack',
      'carioca',
    ],
  },
  technique: {
    color: '#d97706',
    description: 'Groove the movement pattern; every rep crisp, stop before form breaks.',
    repRange: 'Quality-focused',
    intensity: 'Light, submaximal',
    keywords: ['technique', 'drill', 'skill', 'practice', 'form', 'empty bar', 'pvc', 'dowel', 'a skip', 'b skip', 'high knees', 'butt kicks', 'wall drive', 'walkthrough'],
  },
};

/**
 * Keyword tiers, strongest first. Mobility and technique words say how a movement
 * is done, so they outrank the movement ("Squat Mobility Drill"). Power and
 * endurance words name an athletic quality, so they outrank the lift they are
 * built on ("Squat Jump", "Wall Ball"). Within a tier the longest keyword wins.
 */
const INTENT_TIERS: readonly (readonly ExerciseIntent[])[] = [
  ['mobility', 'technique'],
  ['power', 'endurance'],
  ['hypertrophy', 'strength'],
];

function normalise(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/** Length of the longest keyword of `intent` found as whole words (plural allowed) in the name. */
function longestMatch(name: string, intent: ExerciseIntent): number {
  let best = 0;
  for (const keyword of INTENT_PROFILES[intent].keywords) {
    const k = normalise(keyword).trim();
    if (k === '') continue;
    if ([` ${k} `, ` ${k}s `, ` ${k}es `].some((form) => name.includes(form))) {
      best = Math.max(best, k.length);
    }
  }
  return best;
}

/**
 * Guesses the intent from the exercise name by keyword (see INTENT_TIERS):
 * "Jump Rope" is endurance, "Box Jump" power, "Leg Press" hypertrophy, "Bench
 * Press" strength. Ties go to the intent listed first. No keyword: strength.
 */
export function guessIntent(exerciseName: string): ExerciseIntent {
  const name = normalise(String(exerciseName ?? ''));
  for (const tier of INTENT_TIERS) {
    let winner: ExerciseIntent | null = null;
    let winnerLength = 0;
    for (const intent of tier) {
      const length = longestMatch(name, intent);
      if (length > winnerLength) {
        winner = intent;
        winnerLength = length;
      }
    }
    if (winner !== null) return winner;
  }
  return DEFAULT_INTENT;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const HEADING = /^([A-Za-z])(\d+)$/;

/**
 * The heading for a new exercise: the first letter A to Z not used by any
 * heading (A1 and A2 both use A), followed by 1. When all 26 letters are taken
 * the exercise joins Z with the next free number, so the heading stays a letter
 * plus a number.
 */
export function nextHeading(usedHeadings: string[]): string {
  const used = new Map<string, number>();
  for (const heading of usedHeadings) {
    const match = HEADING.exec(String(heading ?? '').trim());
    if (!match) continue;
    const letter = match[1].toUpperCase();
    used.set(letter, Math.max(used.get(letter) ?? 0, Number(match[2])));
  }
  const free = [...LETTERS].find((letter) => !used.has(letter));
  if (free !== undefined) return `${free}1`;
  return `Z${(used.get('Z') ?? 0) + 1}`;
}

// Held or carried for a time rather than counted in reps.
const TIMED_MOVES = /\b(plank|planks|carry|carries|hold|holds|hang|hangs|wall ?sit|farmer'?s? walk|suitcase walk|hollow body|l-sit)\b/i;

/**
 * Whether a new exercise starts with a time set (seconds) instead of reps and load:
 * mobility work, and holds and carries whatever their intent (a Plank is endurance,
 * a Farmer's Carry strength, yet both are done for time).
 */
export function isTimeBased(exerciseName: string, intent: ExerciseIntent): boolean {
  return intent === 'mobility' || TIMED_MOVES.test(String(exerciseName ?? ''));
}
