/**
 * The one place that maps failures to HTTP. Every error leaves as JSON
 * `{ "error": "…" }`; domain errors keep the spec's texts and their status.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type pg from 'pg';
import { DomainError } from '../../kernel/decider.ts';
import { WrongExpectedVersionError } from '../eventstore/port.ts';
import { CommandAlreadyApplied } from '../handle-command.ts';
import { replyAlreadyApplied } from './idempotency.ts';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable.ts';

export function installErrorHandling(app: FastifyInstance, pool: pg.Pool): void {
  app.setErrorHandler((err: FastifyError | DomainError | Error, req, reply) => {
    // A repeat of a durable command whose first run was applied: success from its events.
    if (err instanceof CommandAlreadyApplied) return replyAlreadyApplied(pool, req, reply, err.events);
    if (err instanceof DomainError) {
      return reply.status(err.status).send({ error: err.message, ...(err.code ? { code: err.code } : {}) });
    }
    if (err instanceof WrongExpectedVersionError) {
      return reply.status(409).send({ error: 'Someone else changed this at the same time. Please reload and try again.' });
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      return reply.status(400).send({ error: validationMessage(fe) });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send({ error: clientErrorMessage(fe) });
    }
    // The database is restarting or failing over: nothing is wrong with the request, and
    // the same request will work in a moment (an idempotent command is applied once).
    if (isDatabaseUnavailable(err)) {
      req.log.warn(`database unavailable: ${err.message}`);
      return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ error: DATABASE_UNAVAILABLE });
    }
    req.log.error(err);
    return reply.status(500).send({ error: 'An unexpected error occurred. Please try again.' });
  });
}

function clientErrorMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the request body as JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty; send a JSON object.';
    default:
      return err.message.startsWith('Body is not valid JSON') || err instanceof SyntaxError ? 'The request body is not valid JSON.' : err.message;
  }
}

/** "body/email must be string" → "email must be a string." and friends. */
function validationMessage(err: FastifyError): string {
  const v = err.validation?.[0];
  if (!v) return err.message;
  const where = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
  const params = v.params;
  switch (v.keyword) {
    case 'required':
      return `${String(params.missingProperty)} is required.`;
    case 'additionalProperties':
      return `Unknown field: ${String(params.additionalProperty)}.`;
    case 'type':
      return `${where || err.validationContext || 'value'} must be ${article(String(params.type))}.`;
    case 'maxLength':
      return `${formWords(where)} must be at most ${String(params.limit)} characters.`;
    case 'minLength':
      return `${formWords(where)} must not be empty.`;
    case 'maxItems':
      return `${where} can have at most ${String(params.limit)} items.`;
    default:
      return `${where ? `${where} ` : ''}${v.message ?? 'is invalid'}.`;
  }
}

/**
 * A field as its form names it: "fullName" → "Full name", "exercise_name" → "Exercise
 * name". The length limits are what a person typing meets, so they read in the form's
 * words; a nested path (a programmatic caller's) stays as it is, to say where.
 */
export function formWords(field: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(field)) return field;
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
