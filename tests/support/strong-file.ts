/** A generated Strong export (comma layout, kg): `workouts` × `exercises` × `sets` rows, a workout every day or two from 2016. */
import { STRONG_COLUMNS } from '../../src/transfer/domain/layouts.ts';
import { addDays } from '../../src/training/domain/workout-rules.ts';

const LIFTS = ['Squat (Barbell)', 'Bench Press (Barbell)', 'Deadlift (Barbell)', 'Overhead Press (Barbell)', 'Bent Over Row (Barbell)', 'Pull Up'];

const cell = (v: string | number) => (typeof v === 'string' && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v));

/** The file's text and its row count (the header aside). `badRow` (1-based, a data row) gets a weight that is no number. */
export function strongFile(workouts: number, exercises: number, sets: number, opts: { badRow?: number } = {}): { text: string; rows: number } {
  const lines = [STRONG_COLUMNS.join(',')];
  for (let w = 0; w < workouts; w++) {
    const date = `${addDays('2016-01-01', Math.floor(w * 1.5))} 07:30:00`;
    for (let e = 0; e < exercises; e++) {
      for (let s = 1; s <= sets; s++) {
        const weight = lines.length === opts.badRow ? 'heavy' : 40 + ((w + e * 7) % 80);
        lines.push([date, `Day ${w % 4}`, '1h 5m', LIFTS[(w + e) % LIFTS.length], s, weight, 3 + (s % 6), '', '', '', '', ''].map(cell).join(','));
      }
    }
  }
  return { text: `${lines.join('\n')}\n`, rows: lines.length - 1 };
}
