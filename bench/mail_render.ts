/**
 * 200 e-mails rendered back to back, as the mail sender's hourly batches do: in place on
 * this thread, then through EmailRenderThread (emails/render-thread.ts). Prints what each
 * leaves the event loop: ticks of a 1 ms timer during the renders and the longest gap
 * between two ticks. MJML in place holds the thread for each mail's whole layout.
 */
import { renderEmail, type RenderedEmail } from '../emails/render.ts';
import { EmailRenderThread } from '../emails/render-thread.ts';
import { log, round } from './lib.ts';

const MAILS = 200;

async function timed(render: (i: number) => Promise<RenderedEmail>): Promise<{ msPerMail: number; ticks: number; maxGapMs: number }> {
  for (let i = 0; i < 20; i++) await render(i); // warm-up: MJML's first renders are slower
  let last = performance.now();
  let maxGapMs = 0;
  let ticks = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    last = now;
    ticks++;
  }, 1);
  const start = performance.now();
  for (let i = 0; i < MAILS; i++) await render(i);
  const elapsed = performance.now() - start;
  clearInterval(timer);
  // No tick at all: the thread never got back to its timers; the whole run was one gap.
  return { msPerMail: elapsed / MAILS, ticks, maxGapMs: ticks ? maxGapMs : elapsed };
}

export async function run(): Promise<Record<string, number>> {
  const data = (i: number) => ({ name: `Athlete ${i}`, link: 'http://127.0.0.1:3000/signin' });
  const here = await timed((i) => renderEmail('welcome', data(i)));
  const thread = new EmailRenderThread();
  try {
    const there = await timed((i) => thread.render('welcome', data(i)));
    for (const [label, r] of [
      ['in place', here],
      ['on its thread', there],
    ] as const) {
      log(`  ${label.padEnd(14)} ${round(r.msPerMail, 2)} ms per mail; ${r.ticks} timer ticks in ${round(r.msPerMail * MAILS)} ms, longest gap ${round(r.maxGapMs, 1)} ms`);
    }
    return {
      mail_render_ms_per_mail: round(there.msPerMail, 2),
      mail_render_in_place_max_gap_ms: round(here.maxGapMs, 1),
      mail_render_thread_max_gap_ms: round(there.maxGapMs, 1),
    };
  } finally {
    await thread.close();
  }
}
