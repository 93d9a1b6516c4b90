/**
 * Compliance per client for the Clients page (spec §9: share of sets with actual reps
 * > 0 among sets having reps, over 7, 30, 90 days and all time, 0-100, null when
 * there is nothing to measure). The training feature owns the sets and answers it
 * from its own read model; this is the one seam the coaching routes go through.
 */
import type pg from 'pg';
import { loadCompliance, type ComplianceWindows } from '../training/index.ts';

export type Compliance = ComplianceWindows;

export function complianceOf(db: pg.Pool, athleteIds: string[], today: string): Promise<Map<string, Compliance>> {
  return loadCompliance(db, athleteIds, today);
}
