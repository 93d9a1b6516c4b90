/** The exercise library: everyone signed in reads and adds; only the creator changes their own exercise. */
import { signedIn, type AuthzRow } from '../types.ts';

const creatorOnly = (refused: number) => ({ anonymous: 401, ownCoach: 200, otherCoach: refused, ownAthlete: refused, otherAthlete: refused });

export const rows: AuthzRow[] = [
  { route: 'GET /api/get-exercises', request: () => ({ url: '/api/get-exercises' }), expect: signedIn(200) },
  { route: 'POST /api/manage-exercise', request: () => ({ url: '/api/manage-exercise', body: { name: 'Matrix Row', pattern: 'Pull', muscles: ['Back'] } }), expect: signedIn(201) },
  {
    route: 'PUT /api/manage-exercise',
    request: async (w) => ({ url: '/api/manage-exercise', body: { id: await w.ownExercise(), name: 'Matrix Renamed' } }),
    expect: creatorOnly(403),
  },
  { route: 'DELETE /api/manage-exercise', request: async (w) => ({ url: '/api/manage-exercise', body: { id: await w.ownExercise() } }), expect: creatorOnly(403) },
];
