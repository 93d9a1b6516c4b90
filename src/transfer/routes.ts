/**
 * Export and import of training history (issue 25). Exports answer CSV streams; an
 * import takes the file itself as the body (Content-Type: text/csv), read as it
 * arrives, with its options in the query. Athletes act on their own history, coaches
 * on their linked athletes'; anyone else is told the athlete does not exist.
 */
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { Type, type Static } from '@sinclair/typebox';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { StringEnum } from '../platform/http/response-schemas.ts';
import { DomainError } from '../kernel/decider.ts';
import { userWeightUnit } from '../accounts/index.ts';
import { canActFor } from '../training/index.ts';
import { historyCsv, recordsCsv } from './export.ts';
import { ATHLETE_NOT_FOUND, importHistory, type TransferDeps } from './import.ts';
import { streamImport, wantsProgress } from './import-stream.ts';
import { EXPORT_LAYOUTS } from './domain/layouts.ts';
import { CsvOut, ImportOut } from './schemas.ts';

const Id = Type.String({ maxLength: 64, pattern: '^[0-9a-fA-F-]{36}$' });
const ExportQuery = Type.Object({ athlete_id: Id, layout: Type.Optional(StringEnum(EXPORT_LAYOUTS)) }, { additionalProperties: false });
const RecordsQuery = Type.Object({ athlete_id: Id }, { additionalProperties: false });
const ImportQuery = Type.Object(
  {
    athlete_id: Id,
    dry_run: Type.Optional(StringEnum(['true', 'false'] as const)),
    unit: Type.Optional(StringEnum(['lb', 'kg'] as const, { description: 'The unit of a Strong comma file (its rows do not say); default: yours.' })),
    mapping: Type.Optional(Type.String({ maxLength: 8000, description: 'JSON object: the file’s exercise name → the name to use instead.' })),
  },
  { additionalProperties: false },
);

const MAPPING_LIMITS = { entries: 500, name: 200 } as const;

function parseMapping(text: string | undefined): Record<string, string> | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new DomainError(400, 'mapping must be a JSON object of exercise names.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new DomainError(400, 'mapping must be a JSON object of exercise names.');
  const entries = Object.entries(value);
  if (entries.length > MAPPING_LIMITS.entries) throw new DomainError(400, `mapping can have at most ${MAPPING_LIMITS.entries} names.`);
  for (const [from, to] of entries) {
    if (typeof to !== 'string' || to.length > MAPPING_LIMITS.name || from.length > MAPPING_LIMITS.name) {
      throw new DomainError(400, `mapping: each name must be text of at most ${MAPPING_LIMITS.name} characters.`);
    }
  }
  return Object.fromEntries(entries);
}

const attachment = (name: string) => `attachment; filename="${name}"`;

export function transferRoutes(app: FastifyInstance, deps: TransferDeps) {
  const guard = { preHandler: app.requireUser };
  const tags = ['transfer'];
  // The file is handed over unread: the importer parses it as it arrives (csv-reader.ts).
  app.addContentTypeParser('text/csv', (_req, payload, done) => done(null, payload));

  const athlete = async (userId: string, athleteId: string) => {
    if (!(await canActFor(deps.pool, userId, athleteId))) throw new DomainError(404, ATHLETE_NOT_FOUND);
    return athleteId.toLowerCase();
  };

  app.get<{ Querystring: Static<typeof ExportQuery> }>(
    '/api/export/workouts.csv',
    { ...guard, schema: { tags, querystring: ExportQuery, response: { 200: CsvOut } } },
    async (req, reply) => {
      const userId = userIdOf(req);
      const athleteId = await athlete(userId, req.query.athlete_id);
      const layout = req.query.layout ?? 'strong';
      const unit = await userWeightUnit(deps.pool, userId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`spotter-workouts-${layout}.csv`))
        .send(historyCsv(deps.pool, athleteId, layout, unit));
    },
  );

  app.get<{ Querystring: Static<typeof RecordsQuery> }>(
    '/api/export/records.csv',
    { ...guard, schema: { tags, querystring: RecordsQuery, response: { 200: CsvOut } } },
    async (req, reply) => {
      const userId = userIdOf(req);
      const athleteId = await athlete(userId, req.query.athlete_id);
      const unit = await userWeightUnit(deps.pool, userId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment('spotter-records.csv'))
        .send(recordsCsv(deps.pool, athleteId, unit));
    },
  );

  app.post<{ Querystring: Static<typeof ImportQuery> }>(
    '/api/imports',
    // Not compressed: a compressor would hold the progress lines of an NDJSON answer back (import-stream.ts).
    { ...guard, compress: false, schema: { tags, querystring: ImportQuery, response: { 200: ImportOut, 201: ImportOut } } },
    async (req, reply) => {
      const userId = userIdOf(req);
      if (!(req.body instanceof Readable)) throw new DomainError(400, 'Send the file itself as the body, with Content-Type: text/csv.');
      const q = req.query;
      const dryRun = q.dry_run === 'true';
      const opts = { dryRun, unit: q.unit, mapping: parseMapping(q.mapping) };
      if (wantsProgress(req)) return streamImport(deps, req, reply, userId, await athlete(userId, q.athlete_id), req.body, opts);
      const outcome = await importHistory(deps, userId, q.athlete_id.toLowerCase(), req.body, opts);
      return reply.code(dryRun ? 200 : 201).send(outcome);
    },
  );
}
