/**
 * GET /api/data-export.zip (issue 26, item 3): the signed-in person's own data as a
 * ZIP, streamed as it is written. Only for themselves (no id is taken), and at most
 * DOWNLOADS_PER_HOUR times an hour: each archive reads everything they have.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type pg from 'pg';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { RateLimiter } from '../platform/http/rate-limit.ts';
import { DomainError } from '../kernel/decider.ts';
import { ErrorOut } from '../platform/http/response-schemas.ts';
import { dataArchive } from './archive.ts';

export const DOWNLOADS_PER_HOUR = 3;
export const TOO_MANY_DOWNLOADS = `You can download your data ${DOWNLOADS_PER_HOUR} times an hour. Please try again later.`;

export function dataExportRoutes(app: FastifyInstance, deps: { pool: pg.Pool; now: () => Date }) {
  const limiter = new RateLimiter(deps.pool, deps.now);
  app.get(
    '/api/data-export.zip',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['data-export'],
        response: {
          200: Type.String({ description: 'A ZIP archive (application/zip): README.md and one JSON file per kind of data.' }),
          429: ErrorOut,
        },
      },
    },
    async (req, reply) => {
      const userId = userIdOf(req);
      try {
        await limiter.hit([[`data-export:${userId}`, { max: DOWNLOADS_PER_HOUR, windowMs: 60 * 60 * 1000 }]]);
      } catch (e) {
        if (e instanceof DomainError && e.status === 429) throw new DomainError(429, TOO_MANY_DOWNLOADS);
        throw e;
      }
      const now = deps.now();
      const day = now.toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="spotter-data-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(dataArchive(deps.pool, userId, now).outputStream);
    },
  );
}
