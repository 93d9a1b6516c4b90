/**
 * Who may follow which realtime topic: the one place that decides it. Topics are
 * `<kind>:<id>`; every feature that publishes a new kind adds its rule here.
 */
import type pg from 'pg';

export type TopicRule = (db: pg.Pool, userId: string, id: string) => Promise<boolean>;

const rules = new Map<string, TopicRule>([
  // Your own account, sessions, notifications.
  ['user', (_db, userId, id) => Promise.resolve(id === userId)],
]);

export function registerTopicRule(kind: string, rule: TopicRule): void {
  rules.set(kind, rule);
}

export async function mayFollow(db: pg.Pool, userId: string, topic: string): Promise<boolean> {
  const colon = topic.indexOf(':');
  if (colon <= 0 || topic.length > 200) return false;
  const rule = rules.get(topic.slice(0, colon));
  return rule ? rule(db, userId, topic.slice(colon + 1)) : false;
}
