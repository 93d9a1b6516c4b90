/**
 * The group program reactor under a crash: a template given to a group of five, the
 * reactor dying after two members on every try, then a restart with a healthy one.
 * Afterwards each member has the program exactly once (one assignment, its workouts
 * once each), and assigning the same program to the group again adds nothing.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ProjectionRunner } from '../src/platform/projections/runner.ts';
import { handleCommand } from '../src/platform/handle-command.ts';
import { userProfiles } from '../projections/accounts/user-profiles.ts';
import { clientLinksProjection } from '../projections/coaching/client-links.ts';
import { trainingProjection } from '../projections/training/workouts.ts';
import { templatesProjection } from '../projections/templates/templates.ts';
import { groupsProjection } from '../projections/groups/groups.ts';
import { assignmentReactor } from '../src/templates/assignment-reactor.ts';
import { templateDecider } from '../src/templates/domain/template.ts';
import { templateStream, type TemplateDays } from '../src/templates/domain/events.ts';
import { groupProgramReactor } from '../src/groups/program-reactor.ts';
import { addAthletesToGroup, assignTemplateToGroup, createGroup } from '../src/groups/commands.ts';
import { runnerTestbed } from './support/runner-testbed.ts';

const COACH = randomUUID();
const TEMPLATE = randomUUID();
const ATHLETES = Array.from({ length: 5 }, () => randomUUID());
const plusDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const bed = runnerTestbed();

function start(reactor: ReturnType<typeof groupProgramReactor>) {
  const r = new ProjectionRunner(
    bed.db.pool,
    bed.store,
    bed.db.url,
    [userProfiles, clientLinksProjection, trainingProjection, templatesProjection, groupsProjection, assignmentReactor({ store: bed.store }), reactor],
    { pollMs: 20, log: () => {} },
  );
  bed.runners.push(r);
  return r;
}

const counts = async () => {
  const { rows } = await bed.db.pool.query(`
    SELECT (SELECT count(*) FROM es_events WHERE event_type = 'TemplateAssigned')::int AS assignments,
           (SELECT count(DISTINCT data->>'athleteId') FROM es_events WHERE event_type = 'TemplateAssigned')::int AS athletes,
           (SELECT count(*) FROM es_events WHERE event_type = 'WorkoutScheduled')::int AS workouts,
           (SELECT count(DISTINCT stream_id) FROM es_events WHERE event_type = 'WorkoutScheduled')::int AS workout_streams`);
  return rows[0] as { assignments: number; athletes: number; workouts: number; workout_streams: number };
};

describe('group program reactor', () => {
  it('gives each of five members the program once after a crash after two, and a rerun adds nothing', async () => {
    const deps = { pool: bed.db.pool, store: bed.store, now: () => new Date() };
    const exercises: TemplateDays[string][number]['exercises'] = [
      { exercise_name: 'Back Squat', heading: 'A1', order_index: 0, exercise_intent: 'strength', sets: [{ type: 'standard', reps: 5, load: 100 }] },
    ];
    const workouts: TemplateDays = { 'day-1': [{ id: 'a', name: 'Lower', notes: null, exercises }], 'day-3': [{ id: 'b', name: 'Upper', notes: null, exercises }] };
    await handleCommand(
      bed.store,
      templateStream(TEMPLATE),
      templateDecider,
      { type: 'CreateTemplate', templateId: TEMPLATE, content: { name: 'Base', description: '', category: 'strength', isPublic: false, workouts } },
      { userId: COACH },
    );
    const links = await bed.store.append(
      `coach-${COACH}`,
      ATHLETES.map((athleteId, i) => ({ type: 'ClientLinked', data: { linkId: randomUUID(), coachId: COACH, athleteId, email: `a${i}@example.com` } })),
      'no_stream',
    );

    const crash = () => Object.assign(new Error('crash after 2'), { code: '57P01' });
    const crashing = start(
      groupProgramReactor({
        store: bed.store,
        afterMember: (done) => {
          if (done >= 2) throw crash();
        },
      }),
    );
    await crashing.start();
    await crashing.waitFor(links.checkpoint, ['client_links'], 10_000);
    const group = await createGroup(deps, COACH, 'Varsity');
    await addAthletesToGroup(deps, COACH, group.id, ATHLETES);
    const first = await assignTemplateToGroup(deps, COACH, group.id, { templateId: TEMPLATE, startDate: plusDays(2) });
    expect(first).toMatchObject({ scheduled_count: 5, already_count: 0, not_linked_count: 0 });

    let status;
    for (let i = 0; i < 400; i++) {
      status = (await crashing.status()).find((s) => s.name === 'group_program_reactor');
      if (status?.lastError) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(status?.lastError).toMatch(/^crash after 2/);
    await crashing.stop();
    bed.runners = [];
    const partial = await counts();
    expect(partial.athletes).toBeGreaterThanOrEqual(2);
    expect(partial.athletes).toBeLessThan(5);

    const healthy = start(groupProgramReactor({ store: bed.store }));
    await healthy.start();
    for (let i = 0; i < 400 && (await counts()).workouts < 10; i++) await new Promise((r) => setTimeout(r, 10));
    await healthy.waitFor((await bed.store.headCheckpoint())!, undefined, 10_000);
    expect(await counts()).toEqual({ assignments: 5, athletes: 5, workouts: 10, workout_streams: 10 });
    const perAthlete = await bed.db.pool.query(`SELECT athlete_id, count(*)::int AS n FROM workouts GROUP BY athlete_id`);
    expect(perAthlete.rows.map((r) => r.n)).toEqual([2, 2, 2, 2, 2]);

    // The same assignment again: nothing new for anyone.
    const before = (await bed.store.headCheckpoint())!;
    const again = await assignTemplateToGroup(deps, COACH, group.id, { templateId: TEMPLATE, startDate: plusDays(2) });
    expect(again).toMatchObject({ scheduled_count: 0, already_count: 5, not_linked_count: 0, checkpoint: null });
    expect(await bed.store.headCheckpoint()).toEqual(before);
    expect(await counts()).toEqual({ assignments: 5, athletes: 5, workouts: 10, workout_streams: 10 });
  }, 60_000);
});
