/**
 * The completeness guard of issue 26: every string field of every event type declared
 * in src/<context>/domain/ is classified in src/kernel/personal-fields.ts, either as
 * personal (encrypted under a subject's key) or as plain. An event added later fails
 * here until someone decides which of its fields are personal data.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_CLASSIFICATION } from '../src/kernel/personal-fields.ts';
import { eventStringFields } from './support/event-string-fields.ts';

const declared = eventStringFields(path.resolve(import.meta.dirname, '..'));

describe('personal data classification', () => {
  it('finds the event types of every context', () => {
    for (const t of ['UserRegistered', 'MessageSent', 'InviteSent', 'WorkoutScheduled', 'TemplateAssigned', 'ConnectionRequested', 'AccountErased'])
      expect(declared.has(t), t).toBe(true);
  });

  it('classifies every string field of every event type', () => {
    const unclassified: string[] = [];
    for (const [type, fields] of declared) {
      const c = EVENT_CLASSIFICATION[type];
      const known = new Set([...(c?.plain ?? []), ...Object.keys(c?.personal ?? {})]);
      for (const f of fields) if (!known.has(f)) unclassified.push(`${type}.${f}`);
    }
    expect(unclassified, 'add each to src/kernel/personal-fields.ts, as personal or plain').toEqual([]);
  });

  it('lists no field an event does not have, and no field twice', () => {
    const stale: string[] = [];
    for (const [type, c] of Object.entries(EVENT_CLASSIFICATION)) {
      const fields = declared.get(type);
      if (!fields) {
        stale.push(type);
        continue;
      }
      const personal = Object.keys(c.personal ?? {});
      for (const f of [...c.plain, ...personal]) if (!fields.has(f)) stale.push(`${type}.${f}`);
      for (const f of personal) if (c.plain.includes(f)) stale.push(`${type}.${f} (both)`);
    }
    expect(stale).toEqual([]);
  });

  it('names each personal field’s subject by a plain top-level field of the same event', () => {
    for (const [type, c] of Object.entries(EVENT_CLASSIFICATION)) {
      for (const [f, field] of Object.entries(c.personal ?? {})) {
        const at = 'user' in field.subject ? field.subject.user : field.subject.emailAt;
        expect(declared.get(type)?.has(at), `${type}.${f} → ${at}`).toBe(true);
        expect(at.includes('.') || at.includes('[]'), `${type}.${f} → ${at}`).toBe(false);
      }
    }
  });
});
