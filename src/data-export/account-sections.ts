/**
 * The archive's files about what a person set up (templates, webhooks) and how their
 * account is reached (sessions, personal access tokens, what they agreed to). Secrets
 * are never selected: token hashes, refresh tokens and signing secrets stay out.
 */
import type { Section } from './sections.ts';

export const ACCOUNT_SECTIONS: Section[] = [
  {
    file: 'templates.json',
    about: 'A coach’s program templates (not deleted) with their workouts, and the assignments of templates to athletes that involve you (as the coach or the athlete).',
    fields: {
      'templates[].id': 'the template id',
      'templates[].name / description / category': 'as written in the template builder',
      'templates[].is_public': 'true when other coaches may copy it',
      'templates[].workouts': 'its workouts by day, with exercises and sets (loads in lb)',
      'templates[].day_count / workout_count': 'its length in days and its number of workouts',
      'templates[].created_at / updated_at': 'when it was made and last changed',
      'assignments[].template_name': 'the template assigned',
      'assignments[].role': '"coach" (you assigned it) or "athlete" (it was assigned to you)',
      'assignments[].start_date / end_date': 'the days it covers',
      'assignments[].unassigned': 'true once it was taken back',
    },
    async read(db, userId) {
      const templates = await db.query(
        `SELECT id, name, description, category, is_public, workouts, day_count, workout_count, created_at, updated_at
           FROM program_templates WHERE owner_id = $1 AND NOT deleted ORDER BY created_at, id`,
        [userId],
      );
      const assignments = await db.query(
        `SELECT id, template_id, template_name, CASE WHEN coach_id = $1 THEN 'coach' ELSE 'athlete' END AS role, coach_id, athlete_id,
                to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date, unassigned, created_at, updated_at
           FROM template_assignments WHERE coach_id = $1 OR athlete_id = $1 ORDER BY created_at, id`,
        [userId],
      );
      return { templates: templates.rows, assignments: assignments.rows };
    },
  },
  {
    file: 'sessions.json',
    about: 'Your active sign-ins (sessions that were not signed out or revoked). Spotter records no user agent or address for a session, so none is listed.',
    fields: {
      session_id: 'the session id (not a token: it cannot be used to sign in)',
      created_at: 'when you signed in',
      last_seen_at: 'when the session last renewed its access (about every 15 minutes while in use)',
      user_agent: 'always null: not recorded',
    },
    async *read(db, userId) {
      const { rows } = await db.query(
        `SELECT s.session_id, s.created_at, greatest(s.created_at, max(r.used_at)) AS last_seen_at, NULL AS user_agent
           FROM auth_sessions s LEFT JOIN refresh_tokens r ON r.session_id = s.session_id
          WHERE s.user_id = $1 AND s.revoked_at IS NULL GROUP BY s.session_id ORDER BY s.created_at`,
        [userId],
      );
      yield* rows;
    },
  },
  {
    file: 'consents.json',
    about:
      'What you agreed to and when. Spotter keeps no separate record of consents or terms versions; the facts it has are when the account was made, how (with the coach access code or from an invitation), and when the e-mail address was confirmed.',
    fields: {
      recorded_consents: 'always empty: no consent records are kept',
      account_created_at: 'when you signed up',
      signed_up_as: '"coach" (with the access code) or "athlete" (from an invitation)',
      email_confirmed: 'true once you followed the confirmation link',
      invitation_id: 'the invitation you signed up from, if any',
    },
    async read(db, userId) {
      const { rows } = await db.query<{ created_at: Date; is_coach: boolean; email_confirmed: boolean; invite_id: string | null }>(
        `SELECT p.created_at, p.is_coach, p.email_confirmed,
                (SELECT invite_id FROM invites WHERE athlete_id = $1 ORDER BY accepted_at NULLS LAST LIMIT 1) AS invite_id
           FROM user_profiles p WHERE p.user_id = $1`,
        [userId],
      );
      const r = rows[0];
      return {
        recorded_consents: [],
        account_created_at: r?.created_at ?? null,
        signed_up_as: r ? (r.invite_id && !r.is_coach ? 'athlete' : 'coach') : null,
        email_confirmed: r?.email_confirmed ?? false,
        invitation_id: r?.invite_id ?? null,
      };
    },
  },
  {
    file: 'access-tokens.json',
    about: 'Your personal access tokens for the API: names, scopes and dates. The tokens themselves are never kept by Spotter (only a hash), and the hash is not included.',
    fields: {
      token_id: 'the token’s id',
      name: 'the name you gave it',
      scope: '"read" (GET only) or "write"',
      prefix: 'its first characters, as the list in Settings shows them',
      created_at: 'when it was made',
      expires_at: 'when it stops working',
      last_used_at: 'when it was last used',
      revoked_at: 'when you revoked it, if you did',
    },
    async *read(db, userId) {
      const { rows } = await db.query(
        `SELECT token_id, name, scope, prefix, created_at, expires_at, last_used_at, revoked_at FROM personal_access_tokens WHERE user_id = $1 ORDER BY created_at, token_id`,
        [userId],
      );
      yield* rows;
    },
  },
  {
    file: 'webhooks.json',
    about: 'A coach’s webhook endpoints, without their signing secrets.',
    fields: {
      id: 'the endpoint id',
      url: 'where events are sent',
      description: 'your description',
      event_types: 'the events it receives',
      enabled: 'false once disabled',
      disabled_reason: 'why it was disabled',
      created_at: 'when it was added',
      updated_at: 'when it last changed',
    },
    async *read(db, userId) {
      const { rows } = await db.query(
        `SELECT id, url, description, event_types, enabled, disabled_reason, created_at, updated_at FROM webhook_endpoints WHERE coach_id = $1 ORDER BY created_at, id`,
        [userId],
      );
      yield* rows;
    },
  },
];
