import { describe, it, expect } from 'vitest';
import catalogue from '../src/library/catalogue.json';
// The words the library form offers: the catalogue must use exactly these.
import { JOINTS, MOVEMENT_PATTERNS as PATTERNS, MUSCLE_GROUPS as MUSCLES } from '../web/src/features/library/components/vocabulary.ts';

interface CatalogueEntry {
  name: string;
  muscles: string[];
  pattern: string;
  joints: string[];
  use_case: string;
  exercise_type: string;
}

const entries: CatalogueEntry[] = catalogue;

const TYPES = ['strength', 'speed', 'power', 'endurance', 'mobility', 'other'];
const KEYS = ['exercise_type', 'joints', 'muscles', 'name', 'pattern', 'use_case'];

describe('exercise catalogue', () => {
  it('holds at least 160 exercises', () => {
    expect(entries.length).toBeGreaterThanOrEqual(160);
  });

  it('has unique names, ignoring case and surrounding space', () => {
    const names = entries.map((e) => e.name.trim().toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('includes the three default chart exercises by exact name', () => {
    const names = entries.map((e) => e.name);
    expect(names).toContain('Back Squat (High Bar)');
    expect(names).toContain('Bench Press');
    expect(names).toContain('Deadlift');
  });

  it('gives every entry exactly the required fields and no youtube_url', () => {
    for (const entry of entries) {
      expect(Object.keys(entry).sort(), entry.name).toEqual(KEYS);
      expect(entry.name.trim(), 'name').not.toBe('');
      expect(entry.name).toBe(entry.name.trim());
      expect(entry.use_case.trim().length, `${entry.name} use_case`).toBeGreaterThan(10);
      expect(entry.muscles.length, `${entry.name} muscles`).toBeGreaterThan(0);
      expect(entry.joints.length, `${entry.name} joints`).toBeGreaterThan(0);
    }
  });

  it('uses the fixed vocabularies for pattern, muscles, joints and type', () => {
    for (const entry of entries) {
      expect(PATTERNS, `${entry.name} pattern`).toContain(entry.pattern);
      expect(TYPES, `${entry.name} exercise_type`).toContain(entry.exercise_type);
      for (const muscle of entry.muscles) expect(MUSCLES, `${entry.name} muscle`).toContain(muscle);
      for (const joint of entry.joints) expect(JOINTS, `${entry.name} joint`).toContain(joint);
      expect(new Set(entry.muscles).size, `${entry.name} duplicate muscle`).toBe(entry.muscles.length);
      expect(new Set(entry.joints).size, `${entry.name} duplicate joint`).toBe(entry.joints.length);
    }
  });

  it('covers strength, power, speed, endurance and mobility', () => {
    const counts = new Map<string, number>();
    for (const entry of entries) counts.set(entry.exercise_type, (counts.get(entry.exercise_type) ?? 0) + 1);
    for (const type of ['strength', 'power', 'speed', 'endurance', 'mobility']) {
      expect(counts.get(type) ?? 0, type).toBeGreaterThanOrEqual(10);
    }
  });

  it('uses every movement pattern at least once', () => {
    const used = new Set(entries.map((e) => e.pattern));
    expect([...used].sort()).toEqual([...PATTERNS].sort());
  });
});
