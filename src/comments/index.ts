/**
 * The comments context's public surface: its events (the published language other
 * contexts build on: web push, crypto-shredding) and its reads. Routes and the
 * feature registration stay out.
 */
export * from './domain/events.ts';
export { threadOf, unreadCounts, type CommentOut, type ThreadOut } from './queries.ts';
export { sendUnreadCommentMails } from './unread-mail.ts';
