/** The personal-data cipher (issue 26): AES-256-GCM envelopes, erased markers, tampering. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emailSubject, ERASED_NAME, ERASED_TEXT, isEnvelope, open, PersonalDataTamperedError, seal, visitPath } from '../src/platform/eventstore/personal-data.ts';

const key = () => ({ kid: randomBytes(6).toString('base64url'), key: randomBytes(32) });

describe('personal data envelopes', () => {
  it('round-trips any string, NUL characters and lone surrogates included', () => {
    const k = key();
    for (const text of ['Ada Lovelace', '', 'a\u0000b', 'emoji 🏋️ and ümlauts', 'x'.repeat(10_000)]) {
      const env = seal('user-1', k, 'text', text);
      expect(isEnvelope(env)).toBe(true);
      expect(JSON.stringify(env)).not.toContain(text.length > 3 ? text.slice(0, 4) : '\u0000\u0000');
      expect(open(JSON.parse(JSON.stringify(env)), k)).toBe(text);
    }
    // A lone surrogate is not valid UTF-8; it comes back as U+FFFD rather than breaking the event.
    expect(open(seal('u', k, 'text', 'a\ud800b'), k)).toBe('a\ufffdb');
  });

  it('seals the same text differently each time (random IV)', () => {
    const k = key();
    expect(seal('u', k, 'text', 'same').ct).not.toBe(seal('u', k, 'text', 'same').ct);
  });

  it('reads a missing key as erased: "Deleted user" for names, "[erased]" for the rest', () => {
    const k = key();
    expect(open(seal('u', k, 'name', 'Ada'), undefined)).toBe(ERASED_NAME);
    expect(open(seal('u', k, 'text', 'hello'), undefined)).toBe(ERASED_TEXT);
  });

  it('reads a key made after the erasure (same subject, new key id) as erased too', () => {
    const old = key();
    expect(open(seal('e-1', old, 'name', 'Ada'), key())).toBe(ERASED_NAME);
  });

  it('refuses a wrong key of the same id, a changed ciphertext, tag or subject', () => {
    const k = key();
    const env = seal('u', k, 'text', 'hello there');
    expect(() => open(env, { kid: k.kid, key: randomBytes(32) })).toThrow(PersonalDataTamperedError);
    const ct = Buffer.from(env.ct, 'base64');
    ct[0] ^= 1;
    expect(() => open({ ...env, ct: ct.toString('base64') }, k)).toThrow(PersonalDataTamperedError);
    expect(() => open({ ...env, tag: randomBytes(16).toString('base64') }, k)).toThrow(PersonalDataTamperedError);
    expect(() => open({ ...env, k: 'someone-else' }, k)).toThrow(PersonalDataTamperedError);
    expect(() => open({ ...env, as: 'name' }, k)).toThrow(PersonalDataTamperedError);
  });

  it('derives one pseudo-subject per address, whatever its case or spaces, without the address in it', () => {
    expect(emailSubject(' Ada@Example.com ')).toBe(emailSubject('ada@example.com'));
    expect(emailSubject('ada@example.com')).not.toBe(emailSubject('bob@example.com'));
    expect(emailSubject('ada@example.com')).not.toContain('ada');
  });

  it('visits values at nested paths, arrays and records', () => {
    const data = { a: 'x', list: [{ n: 'p' }, { n: 'q' }, { m: 1 }], map: { d1: [{ t: 'r' }], d2: [{ t: 's' }] }, tags: ['u', 'v'] };
    const seen = (p: string) => {
      const out: unknown[] = [];
      visitPath(data, p, (h, k) => out.push(h[k]));
      return out;
    };
    expect(seen('a')).toEqual(['x']);
    expect(seen('list[].n')).toEqual(['p', 'q']);
    expect(seen('map.*[].t')).toEqual(['r', 's']);
    expect(seen('tags[]')).toEqual(['u', 'v']);
    expect(seen('missing.x')).toEqual([]);
  });
});
