/** The signed-in user's own profile (the spec's user_profiles upsert and read). */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type pg from 'pg';
import type { EventStore } from '../platform/eventstore/port.ts';
import { handleCommand } from '../platform/handle-command.ts';
import { userDecider, userStream } from './domain/user.ts';
import { displayName, initials, type NameSource } from './display-name.ts';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { DomainError } from '../kernel/decider.ts';
import { isTimeZone, todayIn } from './time-zone.ts';
import { ProfileOut, SavedOut } from './schemas.ts';
import { StringEnum } from '../platform/http/response-schemas.ts';
import { WEIGHT_UNITS } from '../kernel/units.ts';
import { TEXT_LIMITS } from '../kernel/limits.ts';

const Name = Type.Union([Type.String({ maxLength: TEXT_LIMITS.profileName }), Type.Null()]);
const ProfileBody = Type.Object(
  {
    displayName: Type.Optional(Name),
    firstName: Type.Optional(Name),
    lastName: Type.Optional(Name),
    // IANA zone name; checked against the runtime's zone list below.
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    // The unit this user reads and types loads in.
    weightUnit: Type.Optional(StringEnum(WEIGHT_UNITS)),
  },
  { additionalProperties: false },
);

export function profileRoutes(app: FastifyInstance, deps: { pool: pg.Pool; store: EventStore; now: () => Date }) {
  app.get('/api/profile', { preHandler: app.requireUser, schema: { tags: ['profile'], response: { 200: ProfileOut } } }, async (req) => {
    const { rows } = await deps.pool.query<NameSource & { time_zone: string } & Record<string, unknown>>('SELECT * FROM user_profiles WHERE user_id = $1', [userIdOf(req)]);
    if (!rows[0]) throw new DomainError(404, 'Profile not found.');
    const name = displayName(rows[0]);
    // The dashboard's "today" (highlighted day, default week) on the server's clock in this zone, never the browser's.
    const today = todayIn(rows[0].time_zone, deps.now());
    return { profile: { ...rows[0], resolved_name: name, initials: initials(name), today } };
  });

  app.put<{ Body: Static<typeof ProfileBody> }>(
    '/api/profile',
    { preHandler: app.requireUser, schema: { tags: ['profile'], body: ProfileBody, response: { 200: SavedOut } } },
    async (req) => {
      const userId = userIdOf(req);
      if (req.body.timeZone !== undefined && !isTimeZone(req.body.timeZone)) throw new DomainError(400, 'Unknown time zone.');
      const trim = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() || null : v);
      const changes = Object.fromEntries(Object.entries(req.body).map(([k, v]) => [k, trim(v)]));
      const result = await handleCommand(
        deps.store,
        userStream(userId),
        userDecider,
        { type: 'UpdateProfile', ...changes },
        {
          userId,
          now: deps.now,
        },
      );
      return { success: true, checkpoint: result.append?.checkpoint ?? null };
    },
  );
}
