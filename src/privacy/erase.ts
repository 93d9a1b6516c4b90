/**
 * Erasing an account (GDPR article 17, issue 26), the same for the person (Settings)
 * and for staff (`spotter erase`):
 *
 * 1. `AccountErased` on `erasure-<userId>` (once; names only ids, among them the coaches
 *    to tell: webhook `athlete.erased`).
 * 2. What links them to others ends through those contexts' own commands: coaching
 *    links both ways, pending invitations to them, contacts and contact requests.
 * 3. In one transaction: sessions revoked, credentials and one-time tokens deleted (the
 *    address may sign up again, as a new person), pending mail to them dropped, and
 *    their keys destroyed (their id's, and their address's pseudo-subject's), with a
 *    notification that drops the keys from every server's cache.
 * 4. Every read model is rebuilt from the events, which now read "Deleted user" and
 *    "[erased]" where they were; what others rely on (figures, their own messages,
 *    assignments) is rebuilt as it was.
 * 5. Tables outside the events that may have copied their name or address (sent mail,
 *    webhook deliveries, kept command answers, rate-limit buckets) are scrubbed.
 */
import type pg from 'pg';
import { DomainError } from '../kernel/decider.ts';
import type { EventStore } from '../platform/eventstore/port.ts';
import { destroyKeys, emailSubject, ERASED_NAME, ERASED_TEXT } from '../platform/eventstore/personal-data.ts';
import { handleCommand } from '../platform/handle-command.ts';
import { revokeAllSessions } from '../platform/auth/sessions.ts';
import type { Projection } from '../platform/projections/projection.ts';
import { rebuildProjections } from '../platform/projections/rebuild.ts';
import { coachDecider, coachStream } from '../coaching/index.ts';
import { connectionDecider, connectionStream } from '../network/domain/connection.ts';
import { userStream, type UserEvent } from '../accounts/domain/user.ts';
import { decideErasure, erasureStream } from './domain/events.ts';
import { appendEraseLog, erasuresInDatabase } from './erase-log.ts';

export interface ErasureDeps {
  pool: pg.Pool;
  store: EventStore;
  /** Every read model the server serves (rebuilt after the key is gone); reactors are skipped. */
  projections: Projection[];
  now?: () => Date;
  log?: (m: string) => void;
  /** The erase log file kept next to the backups (src/privacy/erase-log.ts), appended to when set. */
  eraseLog?: string;
}

export interface ErasureResult {
  userId: string;
  rebuilt: string[];
}

/** What the person was called and where they were written to, for the scrub of tables outside the events. */
async function identity(store: EventStore, userId: string): Promise<{ email: string | null; names: string[] }> {
  const events = (await store.readStream(userStream(userId))) as unknown as UserEvent[];
  let email: string | null = null;
  const names = new Set<string>();
  for (const e of events) {
    if (e.type === 'UserRegistered') {
      email = e.data.email;
      names.add(e.data.fullName);
    }
    if (e.type === 'ProfileUpdated') for (const n of [e.data.displayName, e.data.firstName, e.data.lastName]) if (n) names.add(n);
  }
  return { email, names: [...names].filter((n) => n.trim().length >= 3 && n !== ERASED_NAME) };
}

export async function eraseAccount(deps: ErasureDeps, userId: string, by: 'self' | 'staff', staff?: string): Promise<ErasureResult> {
  const now = deps.now ?? (() => new Date());
  const { pool, store } = deps;
  const who = await identity(store, userId);
  if (!who.email) throw new DomainError(404, 'No such account.');
  const metadata = staff ? { staff } : undefined;

  const { rows: links } = await pool.query<{ coach_id: string; athlete_id: string; link_id: string }>(
    'SELECT coach_id, athlete_id, link_id FROM client_links WHERE athlete_id = $1 OR coach_id = $1',
    [userId],
  );
  const coachIds = [...new Set(links.filter((l) => l.athlete_id === userId).map((l) => l.coach_id))];
  const already = (await store.readStream(erasureStream(userId), 0, 1)).length > 0;
  const [event] = decideErasure(already, { userId, by, at: now().toISOString(), coachIds });
  await store.append(erasureStream(userId), [{ ...event, metadata: { userId: by === 'self' ? userId : undefined, at: now().toISOString(), ...metadata } }], 'no_stream');

  // Links, invitations and contacts end through their own deciders; one that ended
  // meanwhile (a DomainError) is already what we want.
  const quietly = async (f: () => Promise<unknown>) => {
    try {
      await f();
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
    }
  };
  const opts = { userId: by === 'self' ? userId : null, now, metadata };
  for (const l of links) {
    await quietly(() =>
      handleCommand(store, coachStream(l.coach_id), coachDecider, { type: 'UnlinkClient', coachId: l.coach_id, athleteId: l.athlete_id, linkId: l.link_id }, opts),
    );
  }
  const { rows: invites } = await pool.query<{ invite_id: string; coach_id: string }>(
    "SELECT invite_id, coach_id FROM invites WHERE status = 'pending' AND (coach_id = $1 OR lower(email) = $2)",
    [userId, who.email],
  );
  for (const i of invites)
    await quietly(() => handleCommand(store, coachStream(i.coach_id), coachDecider, { type: 'RevokeInvite', coachId: i.coach_id, inviteId: i.invite_id }, opts));
  const { rows: contacts } = await pool.query<{ connection_id: string; requester_id: string; recipient_id: string; status: string }>(
    'SELECT connection_id, requester_id, recipient_id, status FROM user_connections WHERE requester_id = $1 OR recipient_id = $1',
    [userId],
  );
  for (const c of contacts) {
    const other = c.requester_id === userId ? c.recipient_id : c.requester_id;
    const command =
      c.status === 'pending' && c.recipient_id === userId
        ? ({ type: 'RespondToConnection', connectionId: c.connection_id, responderId: userId, response: 'reject' } as const)
        : ({ type: 'RemoveConnection', connectionId: c.connection_id, by: userId } as const);
    await quietly(() => handleCommand(store, connectionStream(userId, other), connectionDecider, command, opts));
  }

  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await revokeAllSessions(client, userId, now(), 'account erased');
    await client.query('DELETE FROM user_credentials WHERE user_id = $1', [userId]);
    await client.query('DELETE FROM auth_tokens WHERE user_id = $1', [userId]);
    await client.query('DELETE FROM personal_access_tokens WHERE user_id = $1', [userId]);
    await client.query('DELETE FROM invite_tokens WHERE lower(email) = $1 OR coach_id = $2', [who.email, userId]);
    await client.query('DELETE FROM command_results WHERE user_id = $1', [userId]);
    await client.query("DELETE FROM email_outbox WHERE lower(recipient) = $1 AND status <> 'sent'", [who.email]);
    await destroyKeys(client, [
      { id: userId, final: true },
      { id: emailSubject(who.email), final: false },
    ]);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
  if ('codec' in store) (store as { codec: { keys: { forget(s: string[]): void } } }).codec.keys.forget([userId, emailSubject(who.email)]);
  if (deps.eraseLog) await appendEraseLog(deps.eraseLog, await erasuresInDatabase(pool, [userId, emailSubject(who.email)]));

  // One read of the store for every read model; one writer, as this runs beside the
  // server's live work.
  const readModels = deps.projections.filter((p) => !p.reactor);
  await rebuildProjections(pool, store, readModels, { batchSize: 2000, writers: 1 });
  const rebuilt = readModels.map((p) => p.name);
  await scrubTables(pool, who.email, who.names);
  deps.log?.(`Erased account ${userId}: keys destroyed, ${rebuilt.length} read models rebuilt`);
  return { userId, rebuilt };
}

/** Regular-expression text of a literal, for PostgreSQL's regexp_replace. */
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The person's address and names, wherever a table outside the events kept a copy
 * (sent mail, webhook deliveries, kept answers, rate-limit buckets, parked-event
 * errors): replaced by the markers, as whole words. Read-model tables (rebuilt) and
 * the events (sealed) are not touched.
 */
export async function scrubTables(pool: pg.Pool, email: string, names: string[]): Promise<void> {
  const { rows: columns } = await pool.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = current_schema() AND c.data_type IN ('text', 'jsonb') AND c.table_name !~ '_g[0-9]+$' AND c.table_name <> 'es_events'`,
  );
  const needles: [string, string][] = [[email, ERASED_TEXT], ...names.map((n): [string, string] => [n, ERASED_NAME])];
  for (const col of columns) {
    const t = `"${col.table_name}"`;
    const c = `"${col.column_name}"`;
    for (const [needle, marker] of needles) {
      // In JSON a name may be escaped; its JSON-escaped form is what the text holds.
      const inJson = JSON.stringify(needle).slice(1, -1);
      const pattern = `\\m${literal(col.data_type === 'jsonb' ? inJson : needle)}\\M`;
      const value = col.data_type === 'jsonb' ? `${c}::text` : c;
      const replaced = `regexp_replace(${value}, $1, $2, 'gi')`;
      await pool.query(`UPDATE ${t} SET ${c} = ${col.data_type === 'jsonb' ? `${replaced}::jsonb` : replaced} WHERE ${value} ~* $1`, [pattern, marker]);
    }
  }
}
