/**
 * The assignment reactor under a crash: a TemplateAssigned of 40 workouts, the
 * reactor dying after 15 of them on every try, then a restart with a healthy one.
 * Afterwards exactly 40 workouts exist, none twice; replaying the reactor from the
 * start creates nothing new.
 */
import { describe, expect, it } from 'vitest';
import { ProjectionRunner } from '../src/platform/projections/runner.ts';
import { trainingProjection } from '../projections/training/workouts.ts';
import { templatesProjection } from '../projections/templates/templates.ts';
import { assignmentReactor } from '../src/templates/assignment-reactor.ts';
import { assignmentDecider } from '../src/templates/domain/assignment.ts';
import { assignmentStream, templateStream } from '../src/templates/domain/events.ts';
import { templateDecider } from '../src/templates/domain/template.ts';
import { loadTemplate } from '../src/templates/commands.ts';
import { handleCommand } from '../src/platform/handle-command.ts';
import type { TemplateDays } from '../src/templates/domain/events.ts';
import { runnerTestbed } from './support/runner-testbed.ts';

const COACH = '11111111-1111-4111-8111-111111111111';
const ATHLETE = '33333333-3333-4333-8333-333333333333';
const TEMPLATE = '44444444-4444-4444-8444-444444444444';
const ASSIGNMENT = '55555555-5555-4555-8555-555555555555';

const bed = runnerTestbed();

function start(reactor: ReturnType<typeof assignmentReactor>) {
  const r = new ProjectionRunner(bed.db.pool, bed.store, bed.db.url, [trainingProjection, templatesProjection, reactor], { pollMs: 20, log: () => {} });
  bed.runners.push(r);
  return r;
}

/** 40 workouts: 20 weeks, Monday and Thursday. */
function forty(): TemplateDays {
  const days: TemplateDays = {};
  for (let week = 0; week < 20; week++) {
    for (const d of [1, 4]) {
      days[`day-${week * 7 + d}`] = [
        {
          id: `w-${week}-${d}`,
          name: `Week ${week + 1} day ${d}`,
          notes: null,
          exercises: [{ exercise_name: 'Back Squat', heading: 'A1', order_index: 0, exercise_intent: 'strength', sets: [{ type: 'standard', reps: 5, load: 100 }] }],
        },
      ];
    }
  }
  return days;
}

const counts = async () => {
  const { rows } = await bed.db.pool.query(`
    SELECT (SELECT count(*) FROM es_events WHERE event_type = 'WorkoutScheduled')::int AS scheduled_events,
           (SELECT count(DISTINCT stream_id) FROM es_events WHERE event_type = 'WorkoutScheduled')::int AS workout_streams,
           (SELECT count(*) FROM es_events WHERE stream_id LIKE 'workout-%')::int AS workout_events,
           (SELECT count(DISTINCT event_id) FROM es_events WHERE event_type = 'WorkoutScheduled')::int AS distinct_ids`);
  return rows[0] as { scheduled_events: number; workout_streams: number; workout_events: number; distinct_ids: number };
};

describe('template assignment reactor', () => {
  it('schedules exactly 40 workouts after a crash after 15, and a replay creates nothing new', async () => {
    const content = { name: 'Forty', description: '', category: 'strength' as const, isPublic: false, workouts: forty() };
    await handleCommand(bed.store, templateStream(TEMPLATE), templateDecider, { type: 'CreateTemplate', templateId: TEMPLATE, content }, { userId: COACH });
    const assigned = await handleCommand(
      bed.store,
      assignmentStream(ASSIGNMENT),
      assignmentDecider,
      {
        type: 'AssignTemplate',
        assignmentId: ASSIGNMENT,
        template: await loadTemplate(bed.store, TEMPLATE),
        athleteId: ATHLETE,
        athleteLinked: true,
        startDate: '2030-01-07',
        today: '2030-01-01',
      },
      { userId: COACH },
    );
    expect(assigned.events[0].type).toBe('TemplateAssigned');

    // The first process dies every time it has issued 15 commands of the batch. A dying
    // server looks to the runner like a terminated connection (SQLSTATE 57P01): the batch
    // is retried, never parked as if the event were at fault.
    const crash = () => Object.assign(new Error('crash after 15'), { code: '57P01' });
    const crashing = start(
      assignmentReactor({
        store: bed.store,
        afterCommand: (done) => {
          if (done >= 15) throw crash();
        },
      }),
    );
    await crashing.start();
    let status;
    for (let i = 0; i < 400; i++) {
      status = (await crashing.status()).find((s) => s.name === 'template_assignment_reactor');
      if (status?.lastError) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(status?.lastError).toMatch(/^crash after 15/);
    await crashing.stop();
    bed.runners = bed.runners.filter((r) => r !== crashing);
    const partial = await counts();
    expect(partial.workout_streams).toBeGreaterThanOrEqual(15);
    expect(partial.workout_streams).toBeLessThan(40);

    // Restart with a healthy reactor.
    const healthy = start(assignmentReactor({ store: bed.store }));
    await healthy.start();
    for (let i = 0; i < 400 && (await counts()).workout_streams < 40; i++) await new Promise((r) => setTimeout(r, 10));
    await healthy.waitFor((await bed.store.headCheckpoint())!, undefined, 10_000);
    expect(await counts()).toEqual({ scheduled_events: 40, workout_streams: 40, workout_events: 40, distinct_ids: 40 });
    const { rows } = await bed.db.pool.query(
      `SELECT count(*)::int AS n, count(DISTINCT date)::int AS dates, count(*) FILTER (WHERE exercises->0->>'exercise_name' = 'Back Squat')::int AS with_content
         FROM workouts WHERE athlete_id = $1`,
      [ATHLETE],
    );
    // Each workout carries the template's content at the assigned revision.
    expect(rows[0]).toEqual({ n: 40, dates: 40, with_content: 40 });
    const progress = await bed.db.pool.query(
      'SELECT count(*) FILTER (WHERE scheduled)::int AS scheduled, count(*)::int AS total FROM assignment_workouts WHERE assignment_id = $1',
      [ASSIGNMENT],
    );
    expect(progress.rows[0]).toEqual({ scheduled: 40, total: 40 });
    const tagged = await bed.db.pool.query(
      `SELECT count(*)::int AS n FROM es_events WHERE event_type = 'WorkoutScheduled' AND data->>'templateId' = $1 AND data->>'assignmentId' = $2`,
      [TEMPLATE, ASSIGNMENT],
    );
    expect(tagged.rows[0].n).toBe(40);

    // Replay: the reactor's checkpoint back to the start, then run it again.
    await healthy.stop();
    bed.runners = [];
    await bed.db.pool.query(`UPDATE projection_checkpoints SET checkpoint = NULL WHERE projection = 'template_assignment_reactor'`);
    let reissued = 0;
    const replay = start(assignmentReactor({ store: bed.store, afterCommand: () => void reissued++ }));
    await replay.start();
    await replay.waitFor((await bed.store.headCheckpoint())!, ['template_assignment_reactor'], 10_000);
    const [reactorStatus] = (await replay.status()).filter((s) => s.name === 'template_assignment_reactor');
    expect(reactorStatus.lastError).toBeNull();
    expect(reactorStatus.parked).toBe(0);
    // It did go through the assignment again: 40 commands, each deciding nothing.
    expect(reissued).toBe(40);
    expect(await counts()).toEqual({ scheduled_events: 40, workout_streams: 40, workout_events: 40, distinct_ids: 40 });
  }, 60_000);
});
