/**
 * The operator key: whoever started the server (it is printed in the console, or set
 * with SPOTTER_OPERATOR_KEY) may read the local outbox and health error details.
 * Sent as `X-Operator-Key`; compared in constant time.
 */
import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export function newOperatorKey(): string {
  return randomBytes(24).toString('base64url');
}

const digest = (s: string) => createHash('sha256').update(s).digest();

export function isOperator(req: FastifyRequest, operatorKey: string): boolean {
  const sent = req.headers['x-operator-key'];
  return typeof sent === 'string' && sent.length > 0 && timingSafeEqual(digest(sent), digest(operatorKey));
}
