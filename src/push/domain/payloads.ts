/**
 * What a push says: the JSON the service worker shows as a notification
 * (`{ title, body, url, kind, tag }`). Pure, so the reactor, the reminder schedule and
 * the tests all word a push the same way. Texts are clipped by characters (never
 * splitting a surrogate pair) so that a payload stays far below the 4 KB a push
 * service takes.
 */

export const PUSH_KINDS = ['workout', 'comment', 'message', 'reminder'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export interface PushPayload {
  title: string;
  body: string;
  /** The page the notification opens (a path of the dashboard). */
  url: string;
  kind: PushKind;
  /** A second push with the same tag replaces the first on the device (a resend shows once). */
  tag: string;
}

export const TITLE_MAX = 120;
export const BODY_MAX = 240;

/** `text` cut to `max` characters (code points), with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** 'YYYY-MM-DD' as "Tue 1 Dec". */
export function dayLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' }).format(d);
  const month = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' }).format(d);
  return `${weekday} ${d.getUTCDate()} ${month}`;
}

const workoutName = (name: string | null | undefined) => clip(name?.trim() || 'Workout', 60);

export type WorkoutChange = 'scheduled' | 'revised' | 'moved' | 'deleted';

export function workoutPush(change: WorkoutChange, w: { workoutId: string; name: string | null; date: string; byName: string | null }): PushPayload {
  const name = workoutName(w.name);
  const day = dayLabel(w.date);
  const by = w.byName ? clip(w.byName, 60) : 'Your coach';
  const text: Record<WorkoutChange, { title: string; body: string }> = {
    scheduled: { title: `New workout: ${name} on ${day}`, body: `${by} planned it for you.` },
    revised: { title: `Workout changed: ${name} on ${day}`, body: `${by} changed it.` },
    moved: { title: `Workout moved: ${name} to ${day}`, body: `${by} moved it.` },
    deleted: { title: `Workout removed: ${name} on ${day}`, body: `${by} removed it from your plan.` },
  };
  return {
    ...clipped(text[change]),
    url: change === 'deleted' ? '/training' : `/training/${w.workoutId}`,
    kind: 'workout',
    tag: `workout-${w.workoutId}`,
  };
}

export function messagePush(m: { messageId: string; senderId: string; senderName: string; content: string }): PushPayload {
  return {
    ...clipped({ title: `Message from ${clip(m.senderName, 60)}`, body: m.content }),
    url: `/chat?with=${encodeURIComponent(m.senderId)}`,
    kind: 'message',
    tag: `message-${m.messageId}`,
  };
}

/** A comment on a workout: the athlete opens the workout, the coach the athlete's calendar on its day. */
export function commentPush(c: {
  commentId: string;
  workoutId: string;
  athleteId: string;
  authorName: string;
  toRole: 'athlete' | 'coach';
  workoutName: string | null;
  date: string | null;
  text: string;
}): PushPayload {
  const on = c.date ? `${workoutName(c.workoutName)} on ${dayLabel(c.date)}` : workoutName(c.workoutName);
  return {
    ...clipped({ title: `Comment from ${clip(c.authorName, 60)}`, body: `${on}: ${c.text}` }),
    url: c.toRole === 'athlete' ? `/training/${c.workoutId}` : `/calendar/${c.athleteId}${c.date ? `?date=${c.date}` : ''}`,
    kind: 'comment',
    tag: `comment-${c.commentId}`,
  };
}

/** The training-day reminder: the day's workouts by name. */
export function reminderPush(date: string, workouts: { id: string; name: string | null }[]): PushPayload {
  const names = workouts.map((w) => workoutName(w.name));
  const body = names.length === 1 ? `Today: ${names[0]}` : `Today: ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return {
    ...clipped({ title: `Training day: ${dayLabel(date)}`, body }),
    url: workouts.length === 1 ? `/training/${workouts[0].id}` : '/training',
    kind: 'reminder',
    tag: `reminder-${date}`,
  };
}

function clipped(t: { title: string; body: string }): { title: string; body: string } {
  return { title: clip(t.title, TITLE_MAX), body: clip(t.body, BODY_MAX) };
}
