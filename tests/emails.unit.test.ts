import { describe, expect, it } from 'vitest';
import { compileMjml, EMAIL_FROM, EMAIL_KINDS, EmailRenderError, renderEmail, type EmailData, type EmailKind } from '../emails/render.ts';
import { formatDuration, recapHeadline } from '../emails/templates/weekly-recap.ts';

const LINK = 'https://spotter.app/confirm?token=tok_123&source=email';
const LINK_IN_HTML = 'https://spotter.app/confirm?token=tok_123&amp;source=email';

const samples: { [K in EmailKind]: EmailData[K] } = {
  welcome: { name: 'Ana Silva', link: LINK },
  confirmation: { name: 'Ana Silva', link: LINK },
  'password-reset': { name: 'Ana Silva', link: LINK },
  invitation: { athleteName: 'Ana Silva', coachName: 'Coach Bo', link: LINK },
  'workout-assigned': { athleteName: 'Ana Silva', workoutName: 'Lower body power', coachName: 'Coach Bo', link: LINK },
  'weekly-recap': {
    name: 'Ana Silva',
    summary: { workoutsCompleted: 5, totalDuration: 125, streak: 6, nextWorkout: 'Upper body strength' },
    link: LINK,
  },
  'webhook-disabled': { name: 'Coach Bo', url: 'https://hooks.example.com/spotter', reason: 'The receiver answered 410 Gone.', link: LINK },
  'comments-unread': { name: 'Coach Bo', comments: [{ author: 'Ana Silva', where: 'Lower Body, Tue, Jan 8, Back Squat set 2', text: 'Left knee hurt on this one' }], link: LINK },
};

const HOSTILE = `<script>alert("x")</script> & 'Bo'`;
const HOSTILE_ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Bo&#39;';

const hostileSamples: { [K in EmailKind]: EmailData[K] } = {
  welcome: { name: HOSTILE, link: LINK },
  confirmation: { name: HOSTILE, link: LINK },
  'password-reset': { name: HOSTILE, link: LINK },
  invitation: { athleteName: HOSTILE, coachName: HOSTILE, link: LINK },
  'workout-assigned': { athleteName: HOSTILE, workoutName: HOSTILE, coachName: HOSTILE, link: LINK },
  'weekly-recap': {
    name: HOSTILE,
    summary: { workoutsCompleted: 1, totalDuration: 30, streak: 1, nextWorkout: HOSTILE },
    link: LINK,
  },
  'webhook-disabled': { name: HOSTILE, url: HOSTILE, reason: HOSTILE, link: LINK },
  'comments-unread': { name: HOSTILE, comments: [{ author: HOSTILE, where: HOSTILE, text: HOSTILE }], link: LINK },
};

// Every mail leads somewhere: the welcome mail to the sign-in page.
const KINDS_WITH_LINK = EMAIL_KINDS;

function render<K extends EmailKind>(kind: K, data: EmailData[K]) {
  return renderEmail(kind, data);
}

describe('renderEmail', () => {
  it('knows exactly the six kinds of the spec, the webhook notice and the unread comments', () => {
    expect([...EMAIL_KINDS].sort()).toEqual(
      ['confirmation', 'invitation', 'password-reset', 'weekly-recap', 'welcome', 'workout-assigned', 'webhook-disabled', 'comments-unread'].sort(),
    );
  });

  it.each(EMAIL_KINDS)('renders %s through strict MJML validation into branded html and a hand-written text part', async (kind) => {
    const email = await render(kind, samples[kind]);
    expect(email.subject.length).toBeGreaterThan(0);
    expect(email.html).toMatch(/^<!doctype html>/i);
    expect(email.html).toContain('Spotter');
    expect(email.html).not.toMatch(/<\/?mj-/);
    expect(email.text).toContain('Spotter');
    // The text part is written, not stripped html.
    expect(email.text).not.toMatch(/<\/?[a-z][^>]*>/i);
    expect(email.text).not.toMatch(/\n{3,}/);
  });

  it.each(KINDS_WITH_LINK)('puts the link in the text part and the html of %s', async (kind) => {
    const email = await render(kind, samples[kind]);
    expect(email.text).toContain(LINK);
    expect(email.html).toContain(`href="${LINK_IN_HTML}"`);
  });

  it.each(EMAIL_KINDS)('html-escapes every user-provided value in %s', async (kind) => {
    const email = await render(kind, hostileSamples[kind]);
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain(`'Bo'`);
    expect(email.html).toContain(HOSTILE_ESCAPED);
    // Plain text is not html, so it carries the value as typed.
    expect(email.text).toContain(HOSTILE);
  });

  it('escapes a quote in a link so it cannot break out of the href attribute', async () => {
    const email = await render('invitation', {
      athleteName: 'Ana',
      coachName: 'Bo',
      link: 'https://spotter.app/invite?x="onmouseover="alert(1)',
    });
    expect(email.html).not.toContain('"onmouseover="');
    expect(email.html).toContain('href="https://spotter.app/invite?x=&quot;onmouseover=&quot;alert(1)"');
  });

  it("bounds the coach's name in an invitation and strips control characters and anything that reads as a link", async () => {
    const coachName = `Coach\u0007 Bo\u202E\u200B https://pay.evil.example/now www.evil.com bo@evil.com claim-prize.com ${'x'.repeat(300)}`;
    const email = await render('invitation', { athleteName: 'Ana', coachName, link: LINK });
    const name = email.subject.replace(' invited you to train on Spotter', '');
    expect(name.startsWith('Coach Bo xxx')).toBe(true);
    expect([...name].length).toBeLessThanOrEqual(60);
    expect(name).toMatch(/…$/);
    for (const bad of ['\u0007', '\u202E', '\u200B', 'http', 'evil', 'www', '@', 'claim-prize']) {
      expect(email.subject).not.toContain(bad);
      // The text carries the invitation's own link, so only the name's parts are looked for there.
      if (bad !== 'http') expect(email.text).not.toContain(bad);
    }
    // Ordinary names are left as they are; a name that was only a link becomes "Your coach".
    expect((await render('invitation', { athleteName: 'Ana', coachName: 'J.R.R. Tolkien-Smith', link: LINK })).subject).toBe(
      'J.R.R. Tolkien-Smith invited you to train on Spotter',
    );
    expect((await render('invitation', { athleteName: 'Ana', coachName: 'evil.example', link: LINK })).subject).toBe('Your coach invited you to train on Spotter');
  });

  it('refuses links that are not absolute http(s) URLs', async () => {
    await expect(render('invitation', { athleteName: 'Ana', coachName: 'Bo', link: 'javascript:alert(1)' })).rejects.toThrow(/http or https/);
    await expect(render('confirmation', { name: 'Ana', link: '/confirm?token=abc' })).rejects.toThrow(/absolute URL/);
  });

  it('refuses a missing required name', async () => {
    await expect(render('welcome', { name: '  ', link: LINK })).rejects.toThrow(/name/);
  });

  it('says the confirmation link is valid for 24 hours', async () => {
    const email = await render('confirmation', samples.confirmation);
    expect(email.subject).toBe('Confirm your Spotter account');
    expect(email.html).toContain('valid for 24 hours');
    expect(email.text).toContain('valid for 24 hours');
  });

  it('says the password reset link is valid for 1 hour and greets without a name', async () => {
    const email = await render('password-reset', { link: LINK });
    expect(email.html).toContain('valid for 1 hour');
    expect(email.text).toContain('valid for 1 hour');
    expect(email.text).toContain('Hi there,');
  });

  it('names coach, athlete and workout in the workout-assigned e-mail', async () => {
    const email = await render('workout-assigned', samples['workout-assigned']);
    expect(email.subject).toBe('New workout from Coach Bo: Lower body power');
    for (const part of [email.html, email.text]) {
      expect(part).toContain('Ana Silva');
      expect(part).toContain('Coach Bo');
      expect(part).toContain('Lower body power');
    }
  });

  it('sends from a no-reply address on the product domain', () => {
    expect(EMAIL_FROM).toBe('Spotter <no-reply@spotter.app>');
  });
});

describe('compileMjml', () => {
  it('throws the MJML validation errors instead of rendering invalid markup', async () => {
    const invalid = '<mjml><mj-body><mj-section><mj-text>orphan</mj-text></mj-section></mj-body></mjml>';
    const failure = compileMjml(invalid, 'broken');
    await expect(failure).rejects.toBeInstanceOf(EmailRenderError);
    await expect(failure).rejects.toThrow(/mj-text cannot be used inside mj-section/);
  });
});

describe('weekly recap', () => {
  function recap(workoutsCompleted: number, totalDuration = 45, nextWorkout?: string) {
    return render('weekly-recap', {
      name: 'Ana',
      summary: { workoutsCompleted, totalDuration, streak: 3, nextWorkout },
      link: 'https://spotter.app/dashboard',
    });
  }

  it('headlines "Outstanding" at 4 or more workouts', async () => {
    const email = await recap(4);
    expect(recapHeadline(4)).toBe('Outstanding');
    expect(email.subject).toBe('Your week on Spotter: Outstanding');
    expect(email.html).toContain('>Outstanding</div>');
    expect(email.text.startsWith('Outstanding\n')).toBe(true);
    expect(email.html).not.toContain('Keep Going');
  });

  it('headlines "Keep Going" below 4 workouts', async () => {
    const email = await recap(3);
    expect(recapHeadline(0)).toBe('Keep Going');
    expect(email.subject).toBe('Your week on Spotter: Keep Going');
    expect(email.html).toContain('>Keep Going</div>');
    expect(email.text.startsWith('Keep Going\n')).toBe(true);
    expect(email.html).not.toContain('Outstanding');
  });

  it('shows the total duration as hours and minutes', async () => {
    expect(formatDuration(125)).toBe('2h 5m');
    expect(formatDuration(45)).toBe('45m');
    expect(formatDuration(120)).toBe('2h');
    expect(formatDuration(0)).toBe('0m');
    expect(formatDuration(59.6)).toBe('1h');
    const email = await recap(2, 125);
    expect(email.html).toContain('2h 5m');
    expect(email.text).toContain('Time trained: 2h 5m');
    expect(email.text).toContain('Streak: 3 days');
  });

  it('mentions the next workout only when there is one', async () => {
    const withNext = await recap(2, 45, 'Upper body strength');
    expect(withNext.text).toContain('Next up: Upper body strength');
    expect(withNext.html).toContain('Upper body strength');
    const without = await recap(2, 45);
    expect(without.text).not.toContain('Next up');
    expect(without.html).not.toContain('Next up');
  });

  it('refuses counts that are negative or not whole numbers', async () => {
    await expect(recap(-1)).rejects.toThrow(/workoutsCompleted/);
    await expect(recap(2.5)).rejects.toThrow(/workoutsCompleted/);
    await expect(recap(2, Number.NaN)).rejects.toThrow(/totalDuration/);
  });
});
