/**
 * A direct conversation's id is a function of its pair: UUIDv5 of the two user ids,
 * sorted. Two people who start a chat with each other at the same moment therefore
 * write to one stream, and the event store's expected version lets only one of them
 * start it; the other re-decides and finds it started.
 */
import { createHash } from 'node:crypto';

/** Fixed namespace for Spotter's direct conversations (a random v4, chosen once). */
const DIRECT_CONVERSATION_NAMESPACE = '6f1d4c0e-5a3b-4f7e-9d21-0c8a7b3e5f42';

export function uuidV5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const h = hash.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

export function directConversationId(a: string, b: string): string {
  const [low, high] = [a.toLowerCase(), b.toLowerCase()].sort();
  return uuidV5(`direct:${low}:${high}`, DIRECT_CONVERSATION_NAMESPACE);
}

export function conversationStream(conversationId: string): string {
  return `conversation-${conversationId}`;
}
