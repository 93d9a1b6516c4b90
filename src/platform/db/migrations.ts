/**
 * Schema migrations for the tables the platform itself owns: the event store, the
 * projection checkpoints, command idempotency and rate limits. Read-model tables are
 * not here: each projection creates its own (see src/platform/projections/schema.ts).
 * Append new migrations at the end; never edit one that has shipped.
 */
import type pg from 'pg';
import { MIGRATION_LOCK } from '../locks.ts';

const MIGRATIONS: { id: string; sql: string }[] = [
  {
    id: '001-event-store',
    sql: `
      CREATE TABLE es_streams (
        stream_id   text PRIMARY KEY,
        stream_type text NOT NULL,
        version     bigint NOT NULL
      );
      CREATE TABLE es_events (
        position       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        tx_id          xid8 NOT NULL DEFAULT pg_current_xact_id(),
        stream_id      text NOT NULL,
        stream_version bigint NOT NULL,
        event_id       uuid NOT NULL UNIQUE,
        event_type     text NOT NULL,
        schema_version int NOT NULL DEFAULT 1,
        data           jsonb NOT NULL,
        metadata       jsonb NOT NULL DEFAULT '{}',
        created_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
        UNIQUE (stream_id, stream_version)
      );
      CREATE INDEX es_events_global_order ON es_events (tx_id, position);

      -- One round trip per append. The first write takes the stream's row lock by
      -- expected version, so concurrent appends to one stream serialise on that row
      -- and appends to different streams never wait for each other.
      -- p_expected: >= 0 exact version, -1 no stream, -2 any, -3 stream exists.
      CREATE FUNCTION es_append(p_stream text, p_type text, p_expected bigint, p_events jsonb)
      RETURNS TABLE (new_version bigint, last_tx xid8, last_position bigint)
      LANGUAGE plpgsql AS $$
      DECLARE
        n bigint := jsonb_array_length(p_events);
        v bigint;
      BEGIN
        IF p_expected = -1 THEN
          INSERT INTO es_streams VALUES (p_stream, p_type, n - 1)
          ON CONFLICT (stream_id) DO NOTHING
          RETURNING version INTO v;
        ELSIF p_expected = -2 THEN
          INSERT INTO es_streams VALUES (p_stream, p_type, n - 1)
          ON CONFLICT (stream_id) DO UPDATE SET version = es_streams.version + n
          RETURNING version INTO v;
        ELSIF p_expected = -3 THEN
          UPDATE es_streams SET version = version + n WHERE stream_id = p_stream
          RETURNING version INTO v;
        ELSE
          UPDATE es_streams SET version = version + n
          WHERE stream_id = p_stream AND version = p_expected
          RETURNING version INTO v;
        END IF;
        IF v IS NULL THEN
          RAISE EXCEPTION 'wrong expected version for %', p_stream
            USING ERRCODE = 'SP409', DETAIL = coalesce((SELECT version::text FROM es_streams WHERE stream_id = p_stream), 'none');
        END IF;
        RETURN QUERY
        INSERT INTO es_events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
        SELECT p_stream, v - n + e.ord, (e.ev->>'id')::uuid, e.ev->>'type',
               coalesce((e.ev->>'schemaVersion')::int, 1), e.ev->'data', coalesce(e.ev->'metadata', '{}')
        FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(ev, ord)
        ORDER BY e.ord
        RETURNING v, es_events.tx_id, es_events.position;
      END $$;
    `,
  },
  {
    id: '002-platform',
    sql: `
      CREATE TABLE projection_checkpoints (
        projection  text PRIMARY KEY,
        -- Which copy of the tables serves queries (tables are suffixed _g<generation>).
        generation  int NOT NULL,
        -- The projection code's version that built that copy.
        version     int NOT NULL,
        checkpoint  text,
        updated_at  timestamptz NOT NULL DEFAULT now()
      );
      -- A rebuild in progress: the next generation's tables and how far they got.
      CREATE TABLE projection_rebuilds (
        projection  text PRIMARY KEY,
        generation  int NOT NULL,
        version     int NOT NULL,
        checkpoint  text,
        started_at  timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE command_results (
        user_id         text NOT NULL,
        idempotency_key text NOT NULL,
        status          int NOT NULL,
        body            jsonb NOT NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, idempotency_key)
      );
      CREATE TABLE rate_limit_hits (
        bucket text NOT NULL,
        at     timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX rate_limit_hits_bucket ON rate_limit_hits (bucket, at);
    `,
  },
  {
    id: '003-accounts-secrets',
    // Secrets live here, never in events: password hashes and hashed one-time tokens.
    sql: `
      CREATE TABLE user_credentials (
        user_id       uuid PRIMARY KEY,
        email         text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        created_at    timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE auth_tokens (
        token_hash text PRIMARY KEY,
        user_id    uuid NOT NULL,
        purpose    text NOT NULL CHECK (purpose IN ('confirm', 'reset')),
        expires_at timestamptz NOT NULL,
        used_at    timestamptz
      );
      CREATE INDEX auth_tokens_user ON auth_tokens (user_id, purpose);
      -- A sign-in starts a session (a family of rotating refresh tokens).
      CREATE TABLE auth_sessions (
        session_id uuid PRIMARY KEY,
        user_id    uuid NOT NULL,
        created_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoked_why text
      );
      CREATE INDEX auth_sessions_user ON auth_sessions (user_id);
      CREATE TABLE refresh_tokens (
        token_hash text PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES auth_sessions,
        expires_at timestamptz NOT NULL,
        used_at    timestamptz
      );
      CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);
    `,
  },
  {
    id: '004-mail-outbox',
    // Filled by the mail reactor in the transaction that moves its checkpoint, one row
    // per (event, kind), so a replayed event never queues a second mail.
    sql: `
      CREATE TABLE email_outbox (
        id         uuid PRIMARY KEY,
        event_id   text NOT NULL,
        kind       text NOT NULL,
        recipient  text NOT NULL,
        data       jsonb NOT NULL,
        status     text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
        error      text,
        attempts   int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at    timestamptz,
        UNIQUE (event_id, kind)
      );
      CREATE INDEX email_outbox_pending ON email_outbox (created_at) WHERE status = 'pending';
    `,
  },
  {
    id: '005-platform-secrets',
    // Secrets the server makes for itself (the token signing key when AUTH_SECRET is
    // not set), so a restart does not sign every user out.
    sql: `CREATE TABLE platform_secrets (name text PRIMARY KEY, value text NOT NULL)`,
  },
  {
    id: '006-projection-errors',
    sql: `ALTER TABLE projection_checkpoints ADD COLUMN last_error text`,
  },
  {
    id: '007-invite-tokens',
    // Secrets of the coaching feature: invitation tokens, stored hashed, one per invite.
    sql: `
      CREATE TABLE IF NOT EXISTS invite_tokens (
        token_hash text PRIMARY KEY,
        invite_id  uuid NOT NULL UNIQUE,
        coach_id   uuid NOT NULL,
        email      text NOT NULL,
        expires_at timestamptz NOT NULL
      )`,
  },
  {
    id: '008-mail-deferral',
    // A mail over its recipient's hourly limit waits (not_before) instead of failing.
    sql: `ALTER TABLE email_outbox ADD COLUMN not_before timestamptz;
          DROP INDEX email_outbox_pending;
          CREATE INDEX email_outbox_pending ON email_outbox (coalesce(not_before, created_at)) WHERE status = 'pending'`,
  },
  {
    id: '009-command-results-request-hash',
    // An Idempotency-Key replays only the same request: the hash of method, path and body.
    sql: `ALTER TABLE command_results ADD COLUMN IF NOT EXISTS request_hash text`,
  },
  {
    id: '010-parked-events',
    // Dead letters: events a projection's handler could not apply. The projection moved
    // on without them; `spotter parked --retry` applies them again after a fix. One row
    // per (projection, generation, event): a rebuild parks into its own generation.
    sql: `
      CREATE TABLE projection_parked_events (
        id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        projection     text NOT NULL,
        generation     int NOT NULL,
        checkpoint     text NOT NULL,
        event_id       uuid NOT NULL,
        stream_id      text NOT NULL,
        stream_version bigint NOT NULL,
        event_type     text NOT NULL,
        error          text NOT NULL,
        parked_at      timestamptz NOT NULL DEFAULT now(),
        attempts       int NOT NULL DEFAULT 1,
        UNIQUE (projection, generation, event_id)
      )`,
  },
  {
    id: '011-append-visibility',
    // Which events a reader may take (issue 16, cause 7). Before: only those of
    // transactions older than the oldest one running (pg_snapshot_xmin), so any long
    // transaction anywhere — a projection's batch, a report, psql left open — held
    // every reader back. Now appends are tracked explicitly: es_append takes a shared
    // advisory lock (key 7321010) for its transaction and must come before any other
    // write in it, so an appender's xid is always assigned after it holds the lock.
    // The horizon is then the oldest transaction in the snapshot that holds the lock,
    // or has finished since the snapshot (it may have appended and let go), else the
    // snapshot's xmax. A running transaction without the lock already has its xid and
    // so can never append: it is ignored. The rows are read by a later statement, so
    // with a later snapshot than the one the horizon came from.
    sql: `
      CREATE OR REPLACE FUNCTION es_append(p_stream text, p_type text, p_expected bigint, p_events jsonb)
      RETURNS TABLE (new_version bigint, last_tx xid8, last_position bigint)
      LANGUAGE plpgsql AS $$
      DECLARE
        n bigint := jsonb_array_length(p_events);
        v bigint;
      BEGIN
        IF current_setting('es.appending', true) IS DISTINCT FROM 'on' THEN
          IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
            RAISE EXCEPTION 'es_append must come before any other write in its transaction' USING ERRCODE = 'SP001';
          END IF;
          PERFORM pg_advisory_xact_lock_shared(7321010);
          PERFORM set_config('es.appending', 'on', true);
        END IF;
        IF p_expected = -1 THEN
          INSERT INTO es_streams VALUES (p_stream, p_type, n - 1)
          ON CONFLICT (stream_id) DO NOTHING
          RETURNING version INTO v;
        ELSIF p_expected = -2 THEN
          INSERT INTO es_streams VALUES (p_stream, p_type, n - 1)
          ON CONFLICT (stream_id) DO UPDATE SET version = es_streams.version + n
          RETURNING version INTO v;
        ELSIF p_expected = -3 THEN
          UPDATE es_streams SET version = version + n WHERE stream_id = p_stream
          RETURNING version INTO v;
        ELSE
          UPDATE es_streams SET version = version + n
          WHERE stream_id = p_stream AND version = p_expected
          RETURNING version INTO v;
        END IF;
        IF v IS NULL THEN
          RAISE EXCEPTION 'wrong expected version for %', p_stream
            USING ERRCODE = 'SP409', DETAIL = coalesce((SELECT version::text FROM es_streams WHERE stream_id = p_stream), 'none');
        END IF;
        RETURN QUERY
        INSERT INTO es_events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
        SELECT p_stream, v - n + e.ord, (e.ev->>'id')::uuid, e.ev->>'type',
               coalesce((e.ev->>'schemaVersion')::int, 1), e.ev->'data', coalesce(e.ev->'metadata', '{}')
        FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(ev, ord)
        ORDER BY e.ord
        RETURNING v, es_events.tx_id, es_events.position;
      END $$;

      CREATE FUNCTION es_read_horizon() RETURNS xid8 LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        snap pg_snapshot := pg_current_snapshot();
        horizon xid8 := pg_snapshot_xmax(snap);
        holders xid[];
        oldest xid8;
      BEGIN
        IF pg_snapshot_xmin(snap) = horizon THEN
          RETURN horizon; -- nothing running
        END IF;
        SELECT array_agg(t.transactionid) INTO holders
        FROM pg_locks a JOIN pg_locks t ON t.virtualtransaction = a.virtualtransaction AND t.locktype = 'transactionid'
        WHERE a.locktype = 'advisory' AND a.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND a.classid = 0 AND a.objid = 7321010 AND a.objsubid = 1 AND a.granted;
        SELECT min(x) INTO oldest FROM pg_snapshot_xip(snap) AS x
        WHERE xid(x) = ANY (coalesce(holders, '{}')) OR pg_xact_status(x) IS DISTINCT FROM 'in progress';
        RETURN least(horizon, oldest);
      END $$;

      CREATE FUNCTION es_read_all(p_tx xid8, p_position bigint, p_limit int)
      RETURNS SETOF es_events LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        horizon xid8 := es_read_horizon();
      BEGIN
        RETURN QUERY SELECT * FROM es_events
          WHERE (tx_id, position) > (p_tx, p_position) AND tx_id < horizon
          ORDER BY tx_id, position LIMIT p_limit;
      END $$;
    `,
  },
  {
    id: '012-workout-mail-pending',
    // The workout-change mail reactor's own state: changes a coach made to an athlete's
    // plan, one row per event (idempotent by event id), until the hourly batch mail
    // takes them; and when each athlete was last mailed such a batch.
    sql: `
      CREATE TABLE workout_mail_pending (
        event_id    uuid PRIMARY KEY,
        athlete_id  uuid NOT NULL,
        workout_id  uuid NOT NULL,
        coach_id    uuid,
        change      text NOT NULL CHECK (change IN ('scheduled', 'revised', 'moved', 'deleted')),
        date        date NOT NULL,
        name        text,
        happened_at timestamptz NOT NULL,
        -- Set when a batch mail took the row; kept so a replayed event stays a no-op.
        mailed_at   timestamptz
      );
      CREATE INDEX workout_mail_pending_due ON workout_mail_pending (athlete_id, happened_at) WHERE mailed_at IS NULL;
      CREATE TABLE workout_mail_sent (
        athlete_id uuid PRIMARY KEY,
        last_sent_at timestamptz NOT NULL
      )`,
  },
  {
    id: '013-workout-mail-order',
    // The store's own order of the changes: two commands within one millisecond have
    // equal times, and a move listed before its schedule would name the old date.
    sql: `ALTER TABLE workout_mail_pending ADD COLUMN checkpoint text NOT NULL DEFAULT ''`,
  },
  {
    id: '014-lean-append',
    // Appends at database speed (issue 16). An append is now one plain INSERT into
    // es_events (see PostgresEventStore): it writes nothing unless the expected
    // version's row exists, and the unique (stream_id, stream_version) index refuses a
    // version taken already, so the es_streams counter row (a second write per append)
    // and the plpgsql function go. The visibility rule of 011 keeps its shape but needs no advisory
    // lock any more: an appender is a transaction holding ROW EXCLUSIVE on es_events,
    // which it takes before its first row, hence before it has an xid. A statement
    // trigger keeps that true: an insert into es_events must be the first write of its
    // transaction, and one statement per transaction.
    sql: `
      DROP FUNCTION es_append(text, text, bigint, jsonb);
      DROP TABLE es_streams;

      CREATE FUNCTION es_refuse_late_append() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
          RAISE EXCEPTION 'an append must be the first write of its transaction' USING ERRCODE = 'SP001';
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER es_append_first BEFORE INSERT ON es_events FOR EACH STATEMENT EXECUTE FUNCTION es_refuse_late_append();

      CREATE OR REPLACE FUNCTION es_read_horizon() RETURNS xid8 LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        snap pg_snapshot := pg_current_snapshot();
        horizon xid8 := pg_snapshot_xmax(snap);
        holders xid[];
        oldest xid8;
      BEGIN
        IF pg_snapshot_xmin(snap) = horizon THEN
          RETURN horizon; -- nothing running
        END IF;
        SELECT array_agg(t.transactionid) INTO holders
        FROM pg_locks a JOIN pg_locks t ON t.virtualtransaction = a.virtualtransaction AND t.locktype = 'transactionid'
        WHERE a.locktype = 'relation' AND a.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND a.relation = 'es_events'::regclass AND a.mode = 'RowExclusiveLock' AND a.granted;
        SELECT min(x) INTO oldest FROM pg_snapshot_xip(snap) AS x
        WHERE xid(x) = ANY (coalesce(holders, '{}')) OR pg_xact_status(x) IS DISTINCT FROM 'in progress';
        RETURN least(horizon, oldest);
      END $$;
    `,
  },
  {
    id: '015-command-ids',
    // A client's command id (its Idempotency-Key, e.g. a phone's queued UUIDv7) is kept
    // in the events it caused, in the same INSERT: metadata.commandId is the key, and the
    // command's first event also carries metadata.requestHash. This index makes a
    // command id applied at most once per user, whatever stream a repeat would write
    // to, and is how a repeat whose kept answer (command_results) was lost or left
    // running by a crash finds the effect. Events are never deleted, so command ids
    // are kept for good (command_results is never pruned either).
    sql: `
      CREATE UNIQUE INDEX es_events_command_id ON es_events ((metadata->>'userId'), (metadata->>'commandId'))
        WHERE metadata ? 'requestHash';
      -- When the claim of a key was made: a claim left running longer than the command
      -- could take belongs to a process that died, and a repeat may take it over.
      ALTER TABLE command_results ADD COLUMN IF NOT EXISTS claimed_at timestamptz NOT NULL DEFAULT now();
    `,
  },
  {
    id: '016-command-claims-applied',
    // Every command sent with an Idempotency-Key (not only gym mode's durable ones)
    // marks its claim applied in the transaction that appends its events: the events
    // carry metadata.claim {user, key} and this trigger writes the checkpoint of the
    // last one into the claim's row. A process killed between the append and its
    // answer leaves a claim that says "applied" (a retry answers success) or nothing
    // (a retry runs it); never a guess. The running claim is leased (claimed_at,
    // renewed by its live process; see http/idempotency.ts).
    sql: `
      ALTER TABLE command_results ADD COLUMN IF NOT EXISTS applied_checkpoint text;
      CREATE FUNCTION command_claim_applied() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE command_results
           SET applied_checkpoint = lpad(NEW.tx_id::text, 20, '0') || ':' || lpad(NEW.position::text, 20, '0')
         WHERE user_id = NEW.metadata->'claim'->>'user' AND idempotency_key = NEW.metadata->'claim'->>'key' AND status = 0;
        RETURN NULL;
      END $$;
      CREATE TRIGGER es_events_claim_applied AFTER INSERT ON es_events
        FOR EACH ROW WHEN (NEW.metadata ? 'claim') EXECUTE FUNCTION command_claim_applied();
    `,
  },
  {
    id: '017-mail-claim-lease',
    // Several servers send mail side by side: a row in 'sending' is another live
    // server's until its lease runs out, and only then taken back (mail/sender.ts).
    sql: `ALTER TABLE email_outbox ADD COLUMN IF NOT EXISTS claimed_at timestamptz;`,
  },
  {
    id: '018-personal-access-tokens',
    // Personal access tokens for the API (issue 25, item 4). Only the SHA-256 of a
    // token is kept, with its first characters for the list; the token itself is
    // shown once, when it is made.
    sql: `
      CREATE TABLE personal_access_tokens (
        token_id     uuid PRIMARY KEY,
        user_id      uuid NOT NULL,
        name         text NOT NULL,
        scope        text NOT NULL CHECK (scope IN ('read', 'write')),
        token_hash   text NOT NULL UNIQUE,
        prefix       text NOT NULL,
        created_at   timestamptz NOT NULL,
        expires_at   timestamptz NOT NULL,
        last_used_at timestamptz,
        revoked_at   timestamptz
      );
      CREATE INDEX personal_access_tokens_user ON personal_access_tokens (user_id, created_at);
    `,
  },
  {
    id: '019-webhooks',
    // The webhooks context (src/webhooks/): a coach's endpoints with their signing
    // secrets (secrets never go into events, so these are tables, like auth_tokens),
    // and the delivery outbox the webhook reactor fills, keyed by (endpoint, event):
    // its id is the webhook-id every retry carries. lease_until lets several servers
    // send side by side without resetting each other's rows.
    sql: `
      CREATE TABLE webhook_endpoints (
        id                   uuid PRIMARY KEY,
        coach_id             uuid NOT NULL,
        url                  text NOT NULL,
        description          text NOT NULL DEFAULT '',
        event_types          text[] NOT NULL,
        secret               text NOT NULL,
        previous_secret      text,
        previous_secret_until timestamptz,
        enabled              boolean NOT NULL DEFAULT true,
        disabled_reason      text,
        created_at           timestamptz NOT NULL DEFAULT now(),
        updated_at           timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX webhook_endpoints_coach ON webhook_endpoints (coach_id);
      CREATE TABLE webhook_deliveries (
        id              text PRIMARY KEY,
        endpoint_id     uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        event_id        text NOT NULL,
        event_type      text NOT NULL,
        payload         jsonb NOT NULL,
        status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts        int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        lease_until     timestamptz,
        response_status int,
        response_body   text,
        error           text,
        created_at      timestamptz NOT NULL DEFAULT now(),
        delivered_at    timestamptz,
        UNIQUE (endpoint_id, event_id)
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX webhook_deliveries_log ON webhook_deliveries (endpoint_id, created_at DESC);
    `,
  },
  {
    // Which unread workout comments were e-mailed to whom (src/comments/unread-mail.ts):
    // keyed by the posting event's id, outside the read models, so a rebuild or a
    // replay never mails the same comments twice.
    id: '021-comment-unread-mails',
    sql: `
      CREATE TABLE comment_unread_mails (
        event_id     uuid NOT NULL,
        recipient_id uuid NOT NULL,
        mailed_at    timestamptz NOT NULL,
        PRIMARY KEY (event_id, recipient_id)
      );
    `,
  },
  {
    // Web Push (issue 27, item 5): the server's VAPID key pair (one row, made at the
    // first start, shared by every server of a cluster), each user's browser
    // subscriptions and preferences, the delivery outbox (one row per event and
    // subscription: a replayed batch queues nothing twice) and the training-day
    // reminders already queued (one per athlete and local date).
    id: '022-web-push',
    sql: `
      CREATE TABLE push_vapid_keys (
        id          boolean PRIMARY KEY DEFAULT true CHECK (id),
        public_key  text NOT NULL,
        private_key text NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE push_subscriptions (
        id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id    uuid NOT NULL,
        endpoint   text NOT NULL UNIQUE,
        p256dh     text NOT NULL,
        auth       text NOT NULL,
        user_agent text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, created_at);
      CREATE TABLE push_preferences (
        user_id        uuid PRIMARY KEY,
        workout        boolean NOT NULL DEFAULT true,
        comment        boolean NOT NULL DEFAULT true,
        message        boolean NOT NULL DEFAULT true,
        reminder       boolean NOT NULL DEFAULT false,
        reminder_minute smallint NOT NULL DEFAULT 420 CHECK (reminder_minute BETWEEN 0 AND 1439),
        updated_at     timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE push_deliveries (
        id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        event_key       text NOT NULL,
        subscription_id uuid NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
        kind            text NOT NULL,
        payload         jsonb NOT NULL,
        ttl_seconds     int NOT NULL,
        status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts        int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        lease_until     timestamptz,
        response_status int,
        error           text,
        created_at      timestamptz NOT NULL DEFAULT now(),
        delivered_at    timestamptz,
        UNIQUE (event_key, subscription_id)
      );
      CREATE INDEX push_deliveries_due ON push_deliveries (next_attempt_at) WHERE status = 'pending';
      CREATE TABLE push_reminders (
        athlete_id uuid NOT NULL,
        date       date NOT NULL,
        queued_at  timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (athlete_id, date)
      );
    `,
  },
  {
    id: '025-personal-data-keys',
    // Crypto-shredding (issue 26, src/platform/eventstore/personal-data.ts): one AES-256
    // key per subject (a user id, or an e-mail address's pseudo-subject); erasure
    // deletes the row. The erasures list names only subjects and key ids (not personal)
    // and is re-applied after a restore. personal_data_rewrite: the one-time encryption
    // of events stored before, done once per database.
    sql: `
      CREATE TABLE personal_data_keys (
        subject_id text PRIMARY KEY,
        key_id     text NOT NULL,
        key        bytea NOT NULL CHECK (length(key) = 32),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE personal_data_erasures (
        subject_id text NOT NULL,
        key_id     text NOT NULL,
        final      boolean NOT NULL,
        erased_at  timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (subject_id, key_id)
      );
      CREATE TABLE personal_data_rewrite (done_at timestamptz NOT NULL, events int NOT NULL);
    `,
  },
  {
    id: '026-mail-envelope-retention',
    // Retention (README, "Retention"): a sent or failed mail keeps what was sent (subject,
    // body, Message-ID) for MAIL_BODY_RETENTION_DAYS, then only its envelope. The body is
    // the rendered mail; the template data stays scrubbed at send as before.
    // body_cleared_at marks rows the sweep emptied, so a second sweep skips them.
    sql: `
      ALTER TABLE email_outbox ADD COLUMN IF NOT EXISTS subject text,
                               ADD COLUMN IF NOT EXISTS body_html text,
                               ADD COLUMN IF NOT EXISTS body_text text,
                               ADD COLUMN IF NOT EXISTS message_id text,
                               ADD COLUMN IF NOT EXISTS failed_at timestamptz,
                               ADD COLUMN IF NOT EXISTS body_cleared_at timestamptz;
      CREATE INDEX IF NOT EXISTS email_outbox_bodies ON email_outbox (coalesce(sent_at, failed_at)) WHERE body_cleared_at IS NULL AND status IN ('sent', 'failed');
    `,
  },
];

/**
 * Migrations this database has not applied yet; null when it holds no Spotter schema at
 * all. Reads only: the CLI checks with it and leaves creating the schema to `migrate`.
 */
export async function pendingMigrations(db: pg.Pool): Promise<string[] | null> {
  const { rows } = await db.query<{ present: boolean }>(`SELECT to_regclass('schema_migrations') IS NOT NULL AS present`);
  if (!rows[0].present) return null;
  const applied = new Set((await db.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id));
  return MIGRATIONS.filter((m) => !applied.has(m.id)).map((m) => m.id);
}

export async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    // Two processes starting at once must not both run a migration.
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const { rows } = await client.query<{ id: string }>('SELECT id FROM schema_migrations');
    const applied = new Set(rows.map((r) => r.id));
    for (const m of MIGRATIONS) {
      if (applied.has(m.id)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${m.id} failed: ${(e as Error).message}`, { cause: e });
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
