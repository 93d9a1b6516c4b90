import { afterAll, describe, expect, it } from 'vitest';
import { renderEmail } from '../emails/render.ts';
import { EmailRenderThread, leaseRenderThread } from '../emails/render-thread.ts';

describe('e-mails rendered on their own thread', () => {
  const thread = new EmailRenderThread();
  afterAll(() => thread.close());

  it('gives the same mail as rendering in place, for renders sent side by side', async () => {
    const data = { coachName: 'Coach Bo', link: 'https://spotter.app/signup?invite=t' };
    const [here, ...there] = await Promise.all([renderEmail('invitation', data), ...Array.from({ length: 5 }, () => thread.render('invitation', data))]);
    for (const mail of there) expect(mail).toEqual(here);
    expect(here.subject).toContain('Coach Bo');
  });

  it('answers a render that fails with its error, and keeps rendering after it', async () => {
    await expect(thread.render('no-such-kind' as never, {} as never)).rejects.toThrow('Unknown e-mail kind: no-such-kind');
    const mail = await thread.render('welcome', { name: 'Ana', link: 'http://localhost:3000/signin' });
    expect(mail.text).toContain('Ana');
  });

  it('starts a new thread after close', async () => {
    await thread.close();
    expect((await thread.render('welcome', { name: 'Bo', link: 'http://localhost:3000/signin' })).text).toContain('Bo');
  });
});

describe("the process's render thread", () => {
  it('is one thread for every sender that holds it, and still there for the next after the last lets go', async () => {
    const first = leaseRenderThread();
    const second = leaseRenderThread();
    expect(second.thread).toBe(first.thread);
    first.release();
    expect((await second.thread.render('welcome', { name: 'Cy', link: 'http://localhost:3000/signin' })).text).toContain('Cy');
    second.release();
    // Within the linger the next server's sender gets the same, already warm thread.
    const next = leaseRenderThread();
    expect(next.thread).toBe(first.thread);
    expect((await next.thread.render('welcome', { name: 'Di', link: 'http://localhost:3000/signin' })).text).toContain('Di');
    next.release();
  });
});
