/**
 * The groups read model: each coach's groups, their members, the programs given to
 * them and who got each. Set-based: a batch is folded in memory and written with a
 * few statements per table; every write is an upsert or keyed delete, so applying
 * the same events again changes nothing.
 */
import type { StoredEvent } from '../../src/platform/eventstore/port.ts';
import type { Projection } from '../../src/platform/projections/projection.ts';
import type { GroupEvent } from '../../src/groups/domain/events.ts';
import { GROUP_EVENT_TYPES } from '../../src/groups/domain/events.ts';
import { topicOf } from '../../src/kernel/topics.ts';

export const groupsProjection: Projection = {
  name: 'groups',
  version: 1,
  handles: GROUP_EVENT_TYPES,
  tables: {
    coach_groups: (t) => `
      CREATE TABLE ${t} (
        group_id   uuid PRIMARY KEY,
        coach_id   uuid NOT NULL,
        name       text NOT NULL,
        archived   boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX ${t}_coach ON ${t} (coach_id);`,
    group_members: (t) => `
      CREATE TABLE ${t} (
        group_id   uuid NOT NULL,
        athlete_id uuid NOT NULL,
        coach_id   uuid NOT NULL,
        added_at   timestamptz NOT NULL,
        PRIMARY KEY (group_id, athlete_id)
      );
      CREATE INDEX ${t}_coach ON ${t} (coach_id);`,
    group_programs: (t) => `
      CREATE TABLE ${t} (
        group_assignment_id uuid PRIMARY KEY,
        group_id    uuid NOT NULL,
        coach_id    uuid NOT NULL,
        kind        text NOT NULL,
        template_id uuid,
        name        text NOT NULL,
        start_date  date NOT NULL,
        end_date    date NOT NULL,
        assigned_at timestamptz NOT NULL
      );
      CREATE INDEX ${t}_group ON ${t} (group_id, start_date);`,
    group_program_athletes: (t) => `
      CREATE TABLE ${t} (
        group_assignment_id uuid NOT NULL,
        athlete_id uuid NOT NULL,
        from_date  date NOT NULL,
        PRIMARY KEY (group_assignment_id, athlete_id)
      );`,
  },
  async apply(events, { tx, table }) {
    const topics = new Set<string>();
    const created = new Map<string, { coachId: string; name: string; at: string }>();
    const changed = new Map<string, { name: string | null; archived: boolean; at: string }>();
    const members = new Map<string, { groupId: string; athleteId: string; coachId: string; at: string; in: boolean }>();
    const programs: { id: string; groupId: string; coachId: string; kind: string; templateId: string | null; name: string; start: string; end: string; at: string }[] = [];
    const given: { id: string; athleteId: string; from: string }[] = [];

    for (const stored of events) {
      const e = stored as unknown as StoredEvent & GroupEvent;
      const at = stored.time.toISOString();
      topics.add(topicOf.coach(e.data.coachId));
      switch (e.type) {
        case 'GroupCreated':
          created.set(e.data.groupId, { coachId: e.data.coachId, name: e.data.name, at });
          break;
        case 'GroupRenamed':
        case 'GroupArchived': {
          const before = changed.get(e.data.groupId);
          changed.set(e.data.groupId, {
            name: e.type === 'GroupRenamed' ? e.data.name : (before?.name ?? null),
            archived: e.type === 'GroupArchived' || (before?.archived ?? false),
            at,
          });
          break;
        }
        case 'AthleteAddedToGroup':
        case 'AthleteRemovedFromGroup':
          members.set(`${e.data.groupId}|${e.data.athleteId}`, { ...e.data, at, in: e.type === 'AthleteAddedToGroup' });
          break;
        case 'GroupProgramAssigned': {
          const d = e.data;
          const p = d.program;
          programs.push({
            id: d.groupAssignmentId,
            groupId: d.groupId,
            coachId: d.coachId,
            kind: p.kind,
            templateId: p.kind === 'template' ? p.templateId : null,
            name: p.name,
            start: p.startDate,
            end: p.endDate,
            at,
          });
          for (const athleteId of d.athleteIds) given.push({ id: d.groupAssignmentId, athleteId, from: p.startDate });
          break;
        }
        case 'GroupProgramJoined':
          given.push({ id: e.data.groupAssignmentId, athleteId: e.data.athleteId, from: e.data.fromDate });
          break;
      }
    }

    const groups = table('coach_groups');
    if (created.size) {
      const list = [...created];
      await tx.query(
        `INSERT INTO ${groups} (group_id, coach_id, name, created_at, updated_at)
         SELECT id, coach, name, at, at FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[]) AS x(id, coach, name, at)
         ON CONFLICT (group_id) DO NOTHING`,
        [list.map(([id]) => id), list.map(([, g]) => g.coachId), list.map(([, g]) => g.name), list.map(([, g]) => g.at)],
      );
    }
    if (changed.size) {
      const list = [...changed];
      await tx.query(
        `UPDATE ${groups} AS g SET name = coalesce(x.name, g.name), archived = g.archived OR x.archived, updated_at = x.at
           FROM unnest($1::uuid[], $2::text[], $3::boolean[], $4::timestamptz[]) AS x(id, name, archived, at) WHERE g.group_id = x.id`,
        [list.map(([id]) => id), list.map(([, c]) => c.name), list.map(([, c]) => c.archived), list.map(([, c]) => c.at)],
      );
    }
    const memberTable = table('group_members');
    const ins = [...members.values()].filter((m) => m.in);
    const outs = [...members.values()].filter((m) => !m.in);
    if (outs.length) {
      await tx.query(`DELETE FROM ${memberTable} AS m USING unnest($1::uuid[], $2::uuid[]) AS x(g, a) WHERE m.group_id = x.g AND m.athlete_id = x.a`, [
        outs.map((m) => m.groupId),
        outs.map((m) => m.athleteId),
      ]);
    }
    if (ins.length) {
      await tx.query(
        `INSERT INTO ${memberTable} (group_id, athlete_id, coach_id, added_at)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[]) ON CONFLICT DO NOTHING`,
        [ins.map((m) => m.groupId), ins.map((m) => m.athleteId), ins.map((m) => m.coachId), ins.map((m) => m.at)],
      );
    }
    if (programs.length) {
      await tx.query(
        `INSERT INTO ${table('group_programs')} (group_assignment_id, group_id, coach_id, kind, template_id, name, start_date, end_date, assigned_at)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::uuid[], $6::text[], $7::date[], $8::date[], $9::timestamptz[])
         ON CONFLICT DO NOTHING`,
        [
          programs.map((p) => p.id),
          programs.map((p) => p.groupId),
          programs.map((p) => p.coachId),
          programs.map((p) => p.kind),
          programs.map((p) => p.templateId),
          programs.map((p) => p.name),
          programs.map((p) => p.start),
          programs.map((p) => p.end),
          programs.map((p) => p.at),
        ],
      );
    }
    if (given.length) {
      await tx.query(
        `INSERT INTO ${table('group_program_athletes')} (group_assignment_id, athlete_id, from_date)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::date[]) ON CONFLICT DO NOTHING`,
        [given.map((g) => g.id), given.map((g) => g.athleteId), given.map((g) => g.from)],
      );
    }
    return [...topics];
  },
};
