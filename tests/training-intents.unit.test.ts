import { describe, it, expect } from 'vitest';
import { DEFAULT_INTENT, EXERCISE_INTENTS, INTENT_PROFILES, guessIntent, nextHeading, type ExerciseIntent } from '../src/training/domain/intents.ts';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('EXERCISE_INTENTS', () => {
  it('lists the six intents of the spec, defaulting to strength', () => {
    expect(EXERCISE_INTENTS).toEqual(['power', 'strength', 'hypertrophy', 'endurance', 'mobility', 'technique']);
    expect(DEFAULT_INTENT).toBe('strength');
  });
});

describe('INTENT_PROFILES', () => {
  it('has a profile for every intent and nothing else', () => {
    expect(Object.keys(INTENT_PROFILES).sort()).toEqual([...EXERCISE_INTENTS].sort());
  });

  it.each<[ExerciseIntent, string, string]>([
    ['power', '1-6 reps', '85-100% of 1RM'],
    ['strength', '1-8 reps', '70-95% of 1RM'],
    ['hypertrophy', '6-15 reps', '60-80% of 1RM'],
    ['endurance', '15+ reps', '40-70% of 1RM'],
  ])('gives %s the spec guide %s at %s', (intent, repRange, intensity) => {
    expect(INTENT_PROFILES[intent].repRange).toBe(repRange);
    expect(INTENT_PROFILES[intent].intensity).toBe(intensity);
  });

  it('describes mobility as time-based and technique as quality-focused', () => {
    expect(INTENT_PROFILES.mobility.repRange).toMatch(/time-based/i);
    expect(INTENT_PROFILES.technique.repRange).toMatch(/quality-focused/i);
  });

  it('gives every intent a description and keywords', () => {
    for (const intent of EXERCISE_INTENTS) {
      expect(INTENT_PROFILES[intent].description.length).toBeGreaterThan(10);
      expect(INTENT_PROFILES[intent].keywords.length).toBeGreaterThan(0);
      for (const keyword of INTENT_PROFILES[intent].keywords) expect(keyword).toBe(keyword.toLowerCase());
    }
  });

  it('uses six distinct hex colours', () => {
    const colours = EXERCISE_INTENTS.map((intent) => INTENT_PROFILES[intent].color);
    for (const colour of colours) expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    expect(new Set(colours.map((c) => c.toLowerCase())).size).toBe(6);
  });

  it.each([...EXERCISE_INTENTS])('colours %s so it reads on light and dark backgrounds (>= 3:1)', (intent) => {
    const colour = INTENT_PROFILES[intent].color;
    expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrast(colour, '#0f172a')).toBeGreaterThanOrEqual(3);
    expect(contrast(colour, '#000000')).toBeGreaterThanOrEqual(3);
  });
});

describe('guessIntent', () => {
  it.each<[string, ExerciseIntent]>([
    ['Back Squat (High Bar)', 'strength'],
    ['Bench Press', 'strength'],
    ['Deadlift', 'strength'],
    ['Barbell Row', 'strength'],
    ['Pull-Up', 'strength'],
    ['Power Clean', 'power'],
    ['Hang Power Snatch', 'power'],
    ['Push Press', 'power'],
    ['Split Jerk', 'power'],
    ['Box Jump', 'power'],
    ['Squat Jump', 'power'],
    ['Depth Jumps', 'power'],
    ['Medicine Ball Slam', 'power'],
    ['Kettlebell Swing', 'power'],
    ['40-Yard Dash', 'power'],
    ['Hill Sprint', 'power'],
    ['Barbell Curl', 'hypertrophy'],
    ['Lateral Raise', 'hypertrophy'],
    ['Triceps Pushdown', 'hypertrophy'],
    ['Leg Press', 'hypertrophy'],
    ['Cable Crossover', 'hypertrophy'],
    ['Easy Run', 'endurance'],
    ['Tempo Run', 'endurance'],
    ['Rowing Ergometer', 'endurance'],
    ['Assault Bike', 'endurance'],
    ['Jump Rope', 'endurance'],
    ['Jumping Jacks', 'endurance'],
    ['Burpees', 'endurance'],
    ['Plank', 'endurance'],
    ['Couch Stretch', 'mobility'],
    ['Hip CARs', 'mobility'],
    ['Foam Roll Thoracic Extension', 'mobility'],
    ["World's Greatest Stretch", 'mobility'],
    ['90/90 Hip Switch', 'mobility'],
    ['Squat Mobility Drill', 'mobility'],
    ['Snatch Technique', 'technique'],
    ['Clean Drill', 'technique'],
    ['A-Skip', 'technique'],
    ['PVC Overhead Squat', 'technique'],
  ])('guesses %s as %s', (name, intent) => {
    expect(guessIntent(name)).toBe(intent);
  });

  it('matches whole words only', () => {
    // "crowbar" contains row, "jumpstart" jump, "pressure" press, "brunch" run, "formula" form
    expect(guessIntent('Crowbar')).toBe('strength');
    expect(guessIntent('Jumpstart')).toBe('strength');
    expect(guessIntent('Pressure Brunch Formula')).toBe('strength');
    expect(guessIntent('Crowbar Curl')).toBe('hypertrophy');
  });

  it('ignores case and punctuation', () => {
    expect(guessIntent('BOX-JUMP')).toBe('power');
    expect(guessIntent('  couch   stretch ')).toBe('mobility');
  });

  it('defaults to strength for unknown or empty names', () => {
    expect(guessIntent('Zottman Thing')).toBe('strength');
    expect(guessIntent('')).toBe('strength');
    expect(guessIntent(undefined as unknown as string)).toBe('strength');
  });
});

describe('nextHeading', () => {
  it('starts at A1', () => {
    expect(nextHeading([])).toBe('A1');
  });

  it('takes the first unused letter', () => {
    expect(nextHeading(['A1', 'B1'])).toBe('C1');
    expect(nextHeading(['B1', 'C1'])).toBe('A1');
    expect(nextHeading(['A1', 'C1'])).toBe('B1');
  });

  it('counts a letter as used whatever its number', () => {
    expect(nextHeading(['A2'])).toBe('B1');
    expect(nextHeading(['A1', 'A2', 'B3'])).toBe('C1');
  });

  it('ignores case, whitespace and malformed headings', () => {
    expect(nextHeading(['a1', ' b1 '])).toBe('C1');
    expect(nextHeading(['', '1', 'AA', 'A-1', null as unknown as string])).toBe('A1');
  });

  it('continues Z when all 26 letters are used', () => {
    const all = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter) => `${letter}1`);
    expect(nextHeading(all)).toBe('Z2');
    expect(nextHeading([...all, 'Z2'])).toBe('Z3');
  });
});
