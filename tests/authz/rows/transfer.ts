/**
 * Transfer (issue 25): export and import of ownAthlete's history are for ownAthlete
 * and their linked coach only; everyone else is told the athlete does not exist.
 * The import row previews (dry run), so a cell that is allowed writes nothing either.
 */
import type { AuthzRow, Caller } from '../types.ts';

const ownPair = (ok: number, refused: number): Record<Caller, number> => ({ anonymous: 401, ownCoach: ok, ownAthlete: ok, otherCoach: refused, otherAthlete: refused });
const CSV =
  'title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps\nMatrix,"1 Jun 2025, 10:00",,,Back Squat,,,0,normal,100,5\n';

export const rows: AuthzRow[] = [
  { route: 'GET /api/export/workouts.csv', request: (w) => ({ url: `/api/export/workouts.csv?athlete_id=${w.ids.ownAthlete}&layout=hevy` }), expect: ownPair(200, 404) },
  { route: 'GET /api/export/records.csv', request: (w) => ({ url: `/api/export/records.csv?athlete_id=${w.ids.ownAthlete}` }), expect: ownPair(200, 404) },
  {
    route: 'POST /api/imports',
    request: (w) => ({ url: `/api/imports?athlete_id=${w.ids.ownAthlete}&dry_run=true`, body: CSV, headers: { 'content-type': 'text/csv' } }),
    expect: ownPair(200, 404),
  },
];
