/**
 * Realtime topics: the names the server publishes changes under and the dashboard
 * subscribes to, built here on both sides of the wire so that a rename cannot leave
 * one side behind. A topic is `<kind>:<id>`; who may follow each kind is decided on the
 * server (src/platform/realtime/topic-access.ts and each feature's topicRules).
 */
export const TOPIC_KINDS = ['user', 'athlete', 'coach', 'workout', 'conversation', 'inbox', 'prs', 'library', 'comments', 'comment-counts'] as const;
export type TopicKind = (typeof TOPIC_KINDS)[number];
export type Topic = `${TopicKind}:${string}`;

const topic =
  <K extends TopicKind>(kind: K) =>
  (id: string): `${K}:${string}` =>
    `${kind}:${id}`;

export const topicOf = {
  /** One account: its sessions, invitations, contact requests and notifications. */
  user: topic('user'),
  /** One athlete's training: workouts, compliance, records (the athlete and their coaches). */
  athlete: topic('athlete'),
  /** One coach's own views: clients, compliance, templates. */
  coach: topic('coach'),
  /** One workout (the editor and the logger). */
  workout: topic('workout'),
  /** One conversation's messages. */
  conversation: topic('conversation'),
  /** One user's conversation list and unread count. */
  inbox: topic('inbox'),
  /** "New PR" news for one reader (the athlete, or a coach of theirs). */
  prs: topic('prs'),
  /** One author's exercises; `null` is the shipped catalogue. */
  library: (createdBy: string | null): `library:${string}` => `library:${createdBy ?? 'catalogue'}`,
  /** One workout's comment thread and its read marks. */
  comments: topic('comments'),
  /** The unread comment badges of one athlete's workouts (the athlete and their coaches). */
  commentCounts: topic('comment-counts'),
};

/** The id part of a topic of the given kind (`coach:abc` → `abc`). */
export function topicId(kind: TopicKind, t: string): string | null {
  return t.startsWith(`${kind}:`) ? t.slice(kind.length + 1) : null;
}
