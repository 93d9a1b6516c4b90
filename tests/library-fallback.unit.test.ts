import { describe, expect, it } from 'vitest';
import { FALLBACK_EXERCISES } from '../web/src/components/exercise-library-overlay/fallback-exercises.ts';
import { catalogueEntries } from '../src/library/catalogue-loader.ts';
import { catalogueExerciseId } from '../src/library/domain/exercise.ts';

describe("the overlay's built-in fallback list", () => {
  it('holds 18 distinct exercises', () => {
    expect(FALLBACK_EXERCISES).toHaveLength(18);
    expect(new Set(FALLBACK_EXERCISES.map((e) => e.name)).size).toBe(18);
  });

  it('copies each exercise from the catalogue, with its pattern and muscles', () => {
    for (const exercise of FALLBACK_EXERCISES) {
      const entry = catalogueEntries.find((c) => c.name === exercise.name);
      expect(entry, exercise.name).toBeDefined();
      expect({ pattern: exercise.pattern, muscles: exercise.muscles }, exercise.name).toEqual({ pattern: entry!.pattern, muscles: entry!.muscles });
    }
  });
});

describe('catalogue ids', () => {
  it('are unique, so each entry gets a stream of its own', () => {
    const ids = catalogueEntries.map((e) => catalogueExerciseId(e.name));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^catalogue-[a-z0-9]+(-[a-z0-9]+)*$/.test(id))).toBe(true);
  });
});
