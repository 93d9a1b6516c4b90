/**
 * The server's VAPID key pair (RFC 8292): made at the first start and kept in the
 * database (push_vapid_keys, one row), not in a file, so every server of a cluster
 * signs with the same key and the browsers' subscriptions, which are bound to the
 * public key, keep working whichever server sends. Two servers starting together
 * both try to insert; the row's primary key keeps the first.
 */
import type pg from 'pg';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

let cached: VapidKeys | null = null;
let cachedFor: pg.Pool | null = null;

export async function ensureVapidKeys(pool: pg.Pool): Promise<VapidKeys> {
  if (cached && cachedFor === pool) return cached;
  const read = async () => (await pool.query<{ public_key: string; private_key: string }>('SELECT public_key, private_key FROM push_vapid_keys')).rows[0];
  let row = await read();
  if (!row) {
    const made = webpush.generateVAPIDKeys();
    await pool.query('INSERT INTO push_vapid_keys (public_key, private_key) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [made.publicKey, made.privateKey]);
    row = await read();
  }
  cached = { publicKey: row.public_key, privateKey: row.private_key };
  cachedFor = pool;
  return cached;
}
