/**
 * Program templates and assignments: a coach's own templates are theirs alone
 * (others are told "not found"); any signed-in user keeps their own list. An
 * assignment is changed only by the coach who made it; its list is for the athlete
 * and their linked coaches.
 */
import type { AuthzRow, AuthzWorld, Caller } from '../types.ts';
import { signedIn } from '../types.ts';

const onlyOwnCoach = (ok: number): Record<Caller, number> => ({ anonymous: 401, ownCoach: ok, otherCoach: 404, ownAthlete: 404, otherAthlete: 404 });
const ownPair = (ok: number, refused: number): Record<Caller, number> => ({ anonymous: 401, ownCoach: ok, ownAthlete: ok, otherCoach: refused, otherAthlete: refused });

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const body = (name = 'Matrix Program') => ({
  name,
  description: 'Authz',
  category: 'strength',
  is_public: false,
  workouts: { 'day-1': [{ id: 'w1', name: 'Lower', exercises: [{ exercise_name: 'Back Squat', sets: [{ reps: 5, load: 100 }] }] }] },
});

async function ownTemplate(w: AuthzWorld): Promise<string> {
  const saved = await w.as('ownCoach', 'POST', '/api/program-templates', body());
  await w.settled(saved.checkpoint);
  return saved.id as string;
}

async function ownAssignment(w: AuthzWorld): Promise<string> {
  const id = await ownTemplate(w);
  const assigned = await w.as('ownCoach', 'POST', `/api/program-templates/${id}/assign`, { athlete_id: w.ids.ownAthlete, start_date: future(30) });
  await w.settled(assigned.checkpoint);
  return assigned.assignment_id as string;
}

export const rows: AuthzRow[] = [
  { route: 'GET /api/program-templates', request: () => ({ url: '/api/program-templates' }), expect: signedIn(200) },
  { route: 'POST /api/program-templates', request: () => ({ url: '/api/program-templates', body: body() }), expect: signedIn(201) },
  { route: 'GET /api/program-templates/:id', request: async (w) => ({ url: `/api/program-templates/${await ownTemplate(w)}` }), expect: onlyOwnCoach(200) },
  { route: 'PUT /api/program-templates/:id', request: async (w) => ({ url: `/api/program-templates/${await ownTemplate(w)}`, body: body('Renamed') }), expect: onlyOwnCoach(200) },
  { route: 'DELETE /api/program-templates/:id', request: async (w) => ({ url: `/api/program-templates/${await ownTemplate(w)}` }), expect: onlyOwnCoach(200) },
  { route: 'POST /api/program-templates/:id/copy', request: async (w) => ({ url: `/api/program-templates/${await ownTemplate(w)}/copy` }), expect: onlyOwnCoach(201) },
  {
    route: 'POST /api/program-templates/:id/assign',
    request: async (w) => ({ url: `/api/program-templates/${await ownTemplate(w)}/assign`, body: { athlete_id: w.ids.ownAthlete, start_date: future(30) } }),
    expect: onlyOwnCoach(201),
  },
  { route: 'GET /api/template-athletes', request: () => ({ url: '/api/template-athletes' }), expect: signedIn(200) },
  { route: 'GET /api/assignments', request: (w) => ({ url: `/api/assignments?athlete_id=${w.ids.ownAthlete}` }), expect: ownPair(200, 403) },
  { route: 'DELETE /api/assignments/:id', request: async (w) => ({ url: `/api/assignments/${await ownAssignment(w)}` }), expect: onlyOwnCoach(200) },
  { route: 'POST /api/assignments/:id/resync', request: async (w) => ({ url: `/api/assignments/${await ownAssignment(w)}/resync` }), expect: onlyOwnCoach(200) },
];
