/**
 * Personal data in events, encrypted per person (crypto-shredding, issue 26).
 *
 * The event store encodes on append and decodes on read: each personal field (see
 * src/kernel/personal-fields.ts) is replaced by an envelope
 * `{ $enc: 'v1', k: <subject>, kid: <key id>, as: 'name' | 'text', iv, ct, tag }`
 * sealed with AES-256-GCM under its subject's key. Keys live in `personal_data_keys`,
 * never in events; erasure deletes a subject's row, after which every envelope under
 * it reads as "Deleted user" (names) or "[erased]" (everything else). Everything else
 * of an event (ids, versions, positions, metadata) is untouched, so the append path's
 * ordering and idempotency do not change.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { personalFieldsOf, type PersonalField } from '../../kernel/personal-fields.ts';
import type { NewEvent, StoredEvent } from '../../kernel/events.ts';

export const ERASED_NAME = 'Deleted user';
export const ERASED_TEXT = '[erased]';
/** Notified (payload: the subject id) in the transaction that destroys a key. */
export const KEYS_ERASED_CHANNEL = 'spotter_keys_erased';

export interface Envelope {
  $enc: 'v1';
  k: string;
  kid: string;
  as: 'name' | 'text';
  iv: string;
  ct: string;
  tag: string;
}

export interface SubjectKey {
  kid: string;
  key: Buffer;
}

export class PersonalDataTamperedError extends Error {
  constructor(subject: string) {
    super(`Personal data of subject ${subject} failed its integrity check`);
    this.name = 'PersonalDataTamperedError';
  }
}

/** The pseudo-subject of an e-mail address (people who may have no account, e.g. an invitee). */
export function emailSubject(email: string): string {
  return `e-${createHash('sha256').update(`spotter-subject\0${email.trim().toLowerCase()}`).digest('hex').slice(0, 40)}`;
}

export function isEnvelope(v: unknown): v is Envelope {
  return typeof v === 'object' && v !== null && (v as { $enc?: unknown }).$enc === 'v1';
}

const aad = (subject: string, kid: string, as: string) => Buffer.from(`v1\0${subject}\0${kid}\0${as}`);

export function seal(subject: string, key: SubjectKey, as: 'name' | 'text', plaintext: string): Envelope {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(aad(subject, key.kid, as));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { $enc: 'v1', k: subject, kid: key.kid, as, iv: iv.toString('base64'), ct: ct.toString('base64'), tag: cipher.getAuthTag().toString('base64') };
}

/** The plaintext, or the erased marker when the subject's key is gone (or was replaced after an erasure). */
export function open(envelope: Envelope, key: SubjectKey | undefined): string {
  if (!key || key.kid !== envelope.kid) return envelope.as === 'name' ? ERASED_NAME : ERASED_TEXT;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(envelope.iv, 'base64'));
    decipher.setAAD(aad(envelope.k, envelope.kid, envelope.as));
    decipher.setAuthTag(Buffer.from(envelope.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(envelope.ct, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new PersonalDataTamperedError(envelope.k);
  }
}

type Holder = Record<string | number, unknown>;

/** Calls `fn` with the holder and key of every value at `path` (`a.b`, `list[]`, `map.*`). */
export function visitPath(node: unknown, path: string, fn: (holder: Holder, key: string | number) => void): void {
  visit(node, path.split('.'), fn);
}

function visit(node: unknown, segs: string[], fn: (holder: Holder, key: string | number) => void): void {
  if (segs.length === 0 || node === null || typeof node !== 'object') return;
  const [seg, ...rest] = segs;
  const array = seg.endsWith('[]');
  const name = array ? seg.slice(0, -2) : seg;
  const holder = node as Holder;
  for (const k of name === '*' ? Object.keys(holder) : [name]) {
    if (!Object.hasOwn(holder, k)) continue;
    if (array) {
      const items = holder[k];
      if (!Array.isArray(items)) continue;
      for (let i = 0; i < items.length; i++) {
        if (rest.length) visit(items[i], rest, fn);
        else fn(items as unknown as Holder, i);
      }
    } else if (rest.length) visit(holder[k], rest, fn);
    else fn(holder, k);
  }
}

function subjectOf(field: PersonalField, data: Holder, type: string, path: string): string {
  const at = 'user' in field.subject ? field.subject.user : field.subject.emailAt;
  const value = data[at];
  if (typeof value !== 'string' || value === '') throw new Error(`${type}.${path}: its subject (${at}) is missing`);
  // The address itself may be sealed already (re-encoding a stored event): its envelope names the subject.
  if (isEnvelope(value)) return value.k;
  return 'user' in field.subject ? value : emailSubject(value);
}

function walkEnvelopes(node: unknown, fn: (holder: Holder, key: string | number, env: Envelope) => void): void {
  if (node === null || typeof node !== 'object') return;
  const holder = node as Holder;
  // Every event read passes here: no list of keys and no closure is made (data is parsed JSON, its keys all its own).
  if (Array.isArray(node)) for (let i = 0; i < node.length; i++) walkValue(holder, i, fn);
  else for (const k in holder) walkValue(holder, k, fn);
}

function walkValue(holder: Holder, key: string | number, fn: (holder: Holder, key: string | number, env: Envelope) => void): void {
  const v = holder[key];
  if (isEnvelope(v)) fn(holder, key, v);
  else if (v !== null && typeof v === 'object') walkEnvelopes(v, fn);
}

/**
 * Where keys come from: `personal_data_keys`, cached in this process. An entry is
 * used only while this process LISTENs for KEYS_ERASED_CHANNEL (an erasure anywhere
 * drops it at once); while the connection is down every lookup asks the table.
 * Absent keys are never cached (another server may create one the next moment).
 */
export class KeyRing {
  private readonly cache = new Map<string, SubjectKey>();
  /**
   * Counts the keys dropped from the cache. A lookup caches what it read only if none
   * was dropped meanwhile: a read that began before an erasure committed could
   * otherwise put the destroyed key back after forget(), and the erasure's own rebuild
   * would then decrypt what it was meant to erase (tests/key-ring-erasure.int.test.ts).
   */
  private dropped = 0;
  private client: pg.Client | null = null;
  private listening = false;
  private starting: Promise<void> | null = null;
  private stopped = false;
  /** Round trips to the key table, for the benchmarks and tests. */
  readonly stats = { lookups: 0 };

  constructor(private readonly pool: pg.Pool) {}

  /** Keys of the subjects that have one; `create` makes the missing ones, except for erased accounts. */
  async keysFor(subjects: Iterable<string>, create: boolean): Promise<Map<string, SubjectKey>> {
    this.starting ??= this.listen();
    const found = new Map<string, SubjectKey>();
    const missing: string[] = [];
    for (const s of new Set(subjects)) {
      const hit = this.listening ? this.cache.get(s) : undefined;
      if (hit) found.set(s, hit);
      else missing.push(s);
    }
    if (missing.length === 0) return found;
    this.stats.lookups++;
    const droppedBefore = this.dropped;
    const made = create ? missing.map((s) => ({ s, kid: randomBytes(6).toString('base64url'), key: randomBytes(32) })) : [];
    const { rows } = await this.pool.query<{ subject_id: string; key_id: string; key: Buffer }>(
      create
        ? `WITH made AS (
             INSERT INTO personal_data_keys (subject_id, key_id, key)
             SELECT m.s, m.kid, m.key FROM unnest($2::text[], $3::text[], $4::bytea[]) AS m(s, kid, key)
              WHERE NOT EXISTS (SELECT FROM personal_data_erasures e WHERE e.subject_id = m.s AND e.final)
             ON CONFLICT (subject_id) DO NOTHING
             RETURNING subject_id, key_id, key)
           SELECT * FROM made UNION ALL SELECT subject_id, key_id, key FROM personal_data_keys WHERE subject_id = ANY($1::text[])`
        : 'SELECT subject_id, key_id, key FROM personal_data_keys WHERE subject_id = ANY($1::text[])',
      create ? [missing, made.map((m) => m.s), made.map((m) => m.kid), made.map((m) => m.key)] : [missing],
    );
    for (const r of rows) {
      const key = { kid: r.key_id, key: r.key };
      found.set(r.subject_id, key);
      if (this.listening && this.dropped === droppedBefore) this.cache.set(r.subject_id, key);
    }
    return found;
  }

  /** This process destroyed these keys: forget them now (other processes hear the notification). */
  forget(subjects: Iterable<string>): void {
    for (const s of subjects) this.cache.delete(s);
    this.dropped++;
  }

  /**
   * Closed, or its pool ended: nothing will look a key up through this ring again, so it
   * stops listening. An ended pool with an unclosed ring (a store nobody closed) otherwise
   * reconnected every second for the rest of the process, to a database that may be gone:
   * in the tests, where each file drops its database, that was thousands of refused
   * connections a run.
   */
  private get retired(): boolean {
    return this.stopped || this.pool.ending;
  }

  private async listen(): Promise<void> {
    if (this.retired) return;
    const client = new pg.Client({ connectionString: this.pool.options.connectionString, ...(this.pool.options.connectionString ? {} : this.pool.options) });
    const down = () => {
      if (this.client !== client) return;
      this.listening = false;
      this.client = null;
      this.cache.clear();
      this.dropped++;
      client.end().catch(() => {});
      if (!this.retired) setTimeout(() => void this.listen().catch(() => {}), 1000).unref();
    };
    client.on('error', down);
    client.on('end', down);
    client.on('notification', (msg) => {
      if (msg.channel === KEYS_ERASED_CHANNEL && msg.payload) this.forget([msg.payload]);
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${KEYS_ERASED_CHANNEL}`);
      this.listening = true;
    } catch {
      down();
    }
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    this.cache.clear();
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => {});
  }
}

/**
 * Destroys subjects' keys in the caller's transaction, logs each erasure (subject and
 * key id only: the list a restore re-applies) and notifies every process. `final`:
 * the subject is an account, which never gets a key again; an address's
 * pseudo-subject may (a new person signing up with it gets a new key).
 */
export async function destroyKeys(tx: pg.ClientBase, subjects: { id: string; final: boolean }[]): Promise<void> {
  if (subjects.length === 0) return;
  await tx.query(
    `WITH gone AS (DELETE FROM personal_data_keys WHERE subject_id = ANY($1::text[]) RETURNING subject_id, key_id)
     INSERT INTO personal_data_erasures (subject_id, key_id, final)
     SELECT s.id, coalesce(g.key_id, ''), s.final FROM unnest($1::text[], $2::boolean[]) AS s(id, final) LEFT JOIN gone g ON g.subject_id = s.id
     ON CONFLICT (subject_id, key_id) DO NOTHING`,
    [subjects.map((s) => s.id), subjects.map((s) => s.final)],
  );
  for (const s of subjects) await tx.query('SELECT pg_notify($1, $2)', [KEYS_ERASED_CHANNEL, s.id]);
}

/** Encodes events on their way into the store and decodes them on their way out. */
export class PersonalDataCodec {
  constructor(readonly keys: KeyRing) {}

  /** True when an event carries a field to encrypt (most do not: the append stays as it was). */
  static needsEncoding(events: NewEvent[]): boolean {
    return events.some((e) => personalFieldsOf(e.type).length > 0);
  }

  /** Copies of the events with each personal field sealed; the callers' objects are not changed. */
  async encode<E extends NewEvent>(events: E[]): Promise<E[]> {
    if (!PersonalDataCodec.needsEncoding(events)) return events;
    const plans = events.map((e) => {
      const fields = personalFieldsOf(e.type);
      if (fields.length === 0) return null;
      const data = structuredClone(e.data) as Holder;
      const slots: { holder: Holder; key: string | number; subject: string; as: 'name' | 'text' }[] = [];
      for (const [path, field] of fields) {
        visitPath(data, path, (holder, key) => {
          if (typeof holder[key] === 'string') slots.push({ holder, key, subject: subjectOf(field, data, e.type, path), as: field.as });
        });
      }
      return { data, slots };
    });
    const keys = await this.keys.keysFor(
      plans.flatMap((p) => p?.slots.map((s) => s.subject) ?? []),
      true,
    );
    return events.map((e, i) => {
      const plan = plans[i];
      if (!plan) return e;
      for (const s of plan.slots) {
        const key = keys.get(s.subject);
        // An erased account's data is not kept at all: the marker it would read as.
        s.holder[s.key] = key ? seal(s.subject, key, s.as, s.holder[s.key] as string) : s.as === 'name' ? ERASED_NAME : ERASED_TEXT;
      }
      return { ...e, data: plan.data };
    });
  }

  /** Opens every envelope in the events' data, in place (the rows are fresh from the database). */
  async decode<E extends StoredEvent>(events: E[]): Promise<E[]> {
    const subjects = new Set<string>();
    const found: { holder: Holder; key: string | number; env: Envelope }[] = [];
    const take = (holder: Holder, key: string | number, env: Envelope) => {
      subjects.add(env.k);
      found.push({ holder, key, env });
    };
    for (const e of events) if (!isEnvelope(e.data)) walkEnvelopes(e.data, take);
    if (found.length === 0) return events;
    const keys = await this.keys.keysFor(subjects, false);
    for (const { holder, key, env } of found) holder[key] = open(env, keys.get(env.k));
    return events;
  }
}
