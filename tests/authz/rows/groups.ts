/**
 * Groups: a coach's tool, so athlete-only accounts (the world's athletes come from
 * invitations) are refused with 403; a coach's groups are theirs alone (another coach
 * is told "not found").
 */
import { randomUUID } from 'node:crypto';
import type { AuthzRow, AuthzWorld, Caller } from '../types.ts';

const onlyOwnCoach = (ok: number): Record<Caller, number> => ({ anonymous: 401, ownCoach: ok, otherCoach: 404, ownAthlete: 403, otherAthlete: 403 });
const coaches = (ok: number): Record<Caller, number> => ({ anonymous: 401, ownCoach: ok, otherCoach: ok, ownAthlete: 403, otherAthlete: 403 });

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const exercises = [{ exercise_name: 'Back Squat', sets: [{ reps: 5, load: 100 }] }];

/** A new group of ownCoach's, with ownAthlete in it when asked. */
async function ownGroup(w: AuthzWorld, withAthlete = false): Promise<string> {
  const created = await w.as('ownCoach', 'POST', '/api/groups', { name: `Matrix ${randomUUID().slice(0, 8)}` });
  if (withAthlete) await w.settled((await w.as('ownCoach', 'POST', `/api/groups/${created.id}/members`, { athlete_ids: [w.ids.ownAthlete] })).checkpoint);
  else await w.settled(created.checkpoint);
  return created.id as string;
}

async function ownTemplate(w: AuthzWorld): Promise<string> {
  const saved = await w.as('ownCoach', 'POST', '/api/program-templates', { name: 'Matrix Group Program', workouts: { 'day-1': [{ id: 'w1', name: 'Lower', exercises }] } });
  await w.settled(saved.checkpoint);
  return saved.id as string;
}

export const rows: AuthzRow[] = [
  { route: 'GET /api/groups', request: () => ({ url: '/api/groups' }), expect: coaches(200) },
  { route: 'POST /api/groups', request: () => ({ url: '/api/groups', body: { name: `Matrix ${randomUUID().slice(0, 8)}` } }), expect: coaches(201) },
  {
    route: 'PATCH /api/groups/:id',
    request: async (w) => ({ url: `/api/groups/${await ownGroup(w)}`, body: { name: `Renamed ${randomUUID().slice(0, 8)}` } }),
    expect: onlyOwnCoach(200),
  },
  { route: 'DELETE /api/groups/:id', request: async (w) => ({ url: `/api/groups/${await ownGroup(w)}` }), expect: onlyOwnCoach(200) },
  {
    route: 'POST /api/groups/:id/members',
    request: async (w) => ({ url: `/api/groups/${await ownGroup(w)}/members`, body: { athlete_ids: [w.ids.ownAthlete] } }),
    expect: onlyOwnCoach(200),
  },
  {
    route: 'DELETE /api/groups/:id/members/:athleteId',
    request: async (w) => ({ url: `/api/groups/${await ownGroup(w, true)}/members/${w.ids.ownAthlete}` }),
    expect: onlyOwnCoach(200),
  },
  {
    route: 'POST /api/groups/:id/assign-template',
    request: async (w) => ({ url: `/api/groups/${await ownGroup(w, true)}/assign-template`, body: { template_id: await ownTemplate(w), start_date: future(30) } }),
    expect: onlyOwnCoach(200),
  },
  {
    route: 'POST /api/groups/:id/assign-workout',
    request: async (w) => ({ url: `/api/groups/${await ownGroup(w, true)}/assign-workout`, body: { workout: { date: future(30), name: 'Matrix Day', exercises } } }),
    expect: onlyOwnCoach(200),
  },
];
