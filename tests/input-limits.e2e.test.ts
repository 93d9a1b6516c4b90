/**
 * The main forms' inputs stop at the length the server takes, no sooner and no later:
 * for each field the server accepts a value exactly as long as the limit and refuses
 * one character more (400), and the field in real Chromium carries that limit as its
 * maxlength. Needs the built app: `npm run build:web`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { TEXT_LIMITS } from '../src/kernel/limits.ts';
import { startCoachingE2E, type CoachingE2E, type TestUser as User } from './support/e2e.ts';
import { ACCESS_CODE, uniqueEmail, type TestServer } from './support/server.ts';
import { localToday } from './support/ui.ts';

let e2e: CoachingE2E, t: TestServer, coach: User, athlete: User;
let coachPage: Page, conversationId: string, workoutName: string;
beforeAll(async () => {
  ({ server: t, coach, athlete } = e2e = await startCoachingE2E());
  const conversation = await t.api('POST', '/api/conversations', { other_user_id: athlete.user.id }, coach.accessToken);
  conversationId = conversation.body.id;
  workoutName = 'Limits Day';
  const planned = await t.api('POST', '/api/manage-workouts', { workout: workout({ name: workoutName }) }, coach.accessToken);
  expect(planned.status, JSON.stringify(planned.body)).toBe(201);
  await t.server.platform.runner.waitFor(planned.body.checkpoint);
  coachPage = await e2e.signedInPage(coach);
});
afterAll(() => e2e?.close());

const text = (length: number) => 'x'.repeat(length);

function workout(over: { name?: string; notes?: string; exercise_name?: string } = {}) {
  const { exercise_name = 'Back Squat', ...rest } = over;
  return { user_id: athlete.user.id, date: localToday(), ...rest, exercises: [{ exercise_name, sets: [{ reps: 5, load: 100 }] }] };
}

/** An e-mail address exactly `length` characters long (a 64-character local part, 63-character labels). */
function emailOf(length: number): string {
  let domain = 'example.com';
  while (domain.length < length - 65) domain = `${'d'.repeat(Math.min(63, length - 65 - domain.length - 1))}.${domain}`;
  const address = `${'a'.repeat(length - 1 - domain.length)}@${domain}`;
  expect(address).toHaveLength(length);
  return address;
}

/** What the server answers for a field's value: the status of the request that carries it. */
const SERVER: Record<string, (value: (length: number) => string, length: number) => Promise<number>> = {
  'sign-up full name': async (v, n) =>
    (await t.api('POST', '/api/auth/signup', { fullName: v(n), email: uniqueEmail('limits'), password: 'correct horse battery', accessCode: ACCESS_CODE })).status,
  'workout title': async (v, n) => (await t.api('POST', '/api/manage-workouts', { workout: workout({ name: v(n) }) }, coach.accessToken)).status,
  'workout notes': async (v, n) => (await t.api('POST', '/api/manage-workouts', { workout: workout({ notes: v(n) }) }, coach.accessToken)).status,
  'exercise name': async (v, n) => (await t.api('POST', '/api/manage-workouts', { workout: workout({ exercise_name: v(n) }) }, coach.accessToken)).status,
  'message text': async (v, n) => (await t.api('POST', `/api/conversations/${conversationId}/messages`, { content: v(n) }, coach.accessToken)).status,
  'template name': async (v, n) =>
    (
      await t.api(
        'POST',
        '/api/program-templates',
        { name: v(n), workouts: { 'day-1': [{ id: 'w1', name: 'Lower A', isTemplate: true, exercises: [{ exercise_name: 'Back Squat', sets: [{ reps: 5 }] }] }] } },
        coach.accessToken,
      )
    ).status,
  'invite e-mail': async (_, n) => (await t.api('POST', '/api/manage-invites', { email: emailOf(n) }, coach.accessToken)).status,
};

/** Where each field is in the app, found as a user finds it: by its label, on its page. */
const FIELDS: Record<string, { limit: number; open: () => Promise<Locator> }> = {
  'sign-up full name': {
    limit: TEXT_LIMITS.fullName,
    async open() {
      const page = await (await e2e.browser.newContext()).newPage();
      await page.goto(`${t.url}/signup`);
      return page.getByLabel('Full Name');
    },
  },
  'workout title': { limit: TEXT_LIMITS.workoutName, open: async () => (await editor()).getByLabel('Workout name') },
  'workout notes': { limit: TEXT_LIMITS.workoutNotes, open: async () => (await editor()).getByRole('textbox', { name: /^Notes/ }) },
  'exercise name': { limit: TEXT_LIMITS.exerciseName, open: async () => (await editor()).getByLabel('Exercise name') },
  'message text': {
    limit: TEXT_LIMITS.message,
    async open() {
      await coachPage.goto(`${t.url}/chat`);
      await coachPage.getByRole('button', { name: /^Avery Athlete/ }).click();
      return coachPage.getByRole('region', { name: 'Conversation with Avery Athlete' }).getByRole('textbox', { name: 'Message' });
    },
  },
  'template name': {
    limit: TEXT_LIMITS.templateName,
    async open() {
      await coachPage.goto(`${t.url}/program-templates`);
      await coachPage.getByRole('tab', { name: 'Builder' }).click();
      await coachPage.getByRole('heading', { name: 'New Program Template' }).waitFor();
      await coachPage.getByText('Advanced Options').click();
      return coachPage.getByLabel('Template Name');
    },
  },
  'invite e-mail': {
    limit: TEXT_LIMITS.email,
    async open() {
      await coachPage.goto(`${t.url}/clients`);
      await coachPage.getByRole('button', { name: 'Add Client' }).click();
      return coachPage.getByRole('dialog', { name: 'Add Client' }).getByLabel('Email');
    },
  },
};

async function editor() {
  await coachPage.goto(`${t.url}/calendar/${athlete.user.id}`);
  await coachPage
    .getByRole('button', { name: new RegExp(`^${workoutName} .*workout$`) })
    .first()
    .click();
  // The title marks unsaved changes once a field is edited.
  return coachPage.getByRole('dialog', { name: /^Edit Workout/ });
}

describe('every main form stops where the server does', () => {
  it.each(Object.keys(FIELDS))('%s', async (name) => {
    const { limit, open } = FIELDS[name];
    const field = await open();
    await field.waitFor();
    expect(await field.getAttribute('maxlength')).toBe(String(limit));
    // What the browser lets one type stops there too.
    await field.fill(text(limit + 5));
    expect((await field.inputValue()).length).toBe(limit);
    expect([await SERVER[name](text, limit), await SERVER[name](text, limit + 1)]).toEqual([expect.toSatisfy((s: number) => s >= 200 && s < 300), 400]);
  });
});
