/**
 * Test helpers for the coaching feature, through the real HTTP API: what a coach and
 * an athlete would click, so tests of other features start from a genuine link.
 */
import type { TestServer } from './server.ts';

type Session = { accessToken: string };

async function ok(res: Promise<{ status: number; body: any }>, what: string) {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/**
 * Makes `athlete` a client of `coach`: the coach invites the athlete's e-mail, the
 * athlete (already signed up) accepts it signed in, the coach links them. Resolves
 * once client_links shows the link, so the next call may rely on it.
 */
export async function linkAthlete(t: TestServer, coach: Session, athlete: Session & { email: string }): Promise<void> {
  const invite = await ok(t.api('POST', '/api/manage-invites', { email: athlete.email }, coach.accessToken), 'invite');
  // The athlete finds the invitation through the invites read model.
  await settled(t, invite.checkpoint);
  const accepted = await ok(t.api('POST', `/api/invitations/${invite.inviteId}/accept`, undefined, athlete.accessToken), 'accept');
  const linked = await ok(t.api('POST', '/api/manage-links', { email: athlete.email }, coach.accessToken), 'link');
  await t.server.platform.runner.waitFor(linked.checkpoint ?? accepted.checkpoint);
}

/**
 * Waits until every projection and reactor has caught up with the whole store, and the
 * reactors have nothing left to append, so an event count taken next moves only for the
 * caller's own requests (a reactor's late append once moved one in a CI rehearsal).
 */
export async function quiet(t: TestServer): Promise<void> {
  for (let head = await t.server.platform.store.headCheckpoint(); head;) {
    await t.server.platform.runner.waitFor(head, undefined, 20_000);
    const after = await t.server.platform.store.headCheckpoint();
    if (after === head) return;
    head = after;
  }
}

/** Waits until the read models have applied a command's checkpoint (read-your-writes in tests). */
export async function settled(t: TestServer, checkpoint: string | null | undefined): Promise<void> {
  // 20 s, as a poll waits (vitest.config.ts): the runner's default 5 s was too short for an
  // import of 3,600 sets to reach every read model on a loaded CI machine.
  if (checkpoint) await t.server.platform.runner.waitFor(checkpoint, undefined, 20_000);
}
