/**
 * Coach branding: a coach sets or removes their colours (only a coach: an athlete's
 * colours would reach nobody and could dress up their own view as someone's coach's);
 * everyone reads the colours that apply to them (their coach's when they are someone's
 * athlete, else their own).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { FeatureDeps } from '../feature.ts';
import { handleCommand } from '../platform/handle-command.ts';
import { userDecider, userStream } from './domain/user.ts';
import { userIdOf } from '../platform/http/auth-hook.ts';
import type { CoachBranding } from './domain/branding.ts';
import { brandingFor } from './branding-query.ts';
import { BrandingOut, SavedOut } from './schemas.ts';
import { ErrorOut } from '../platform/http/response-schemas.ts';

const Colour = Type.String({ minLength: 7, maxLength: 7, pattern: '^#[0-9a-fA-F]{6}$' });
const BrandingBody = Type.Object({ primary: Colour, secondary: Colour, accent: Colour }, { additionalProperties: false });
const tags = ['profile'];

export function brandingRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const setBranding = async (userId: string, branding: CoachBranding | null) => {
    const result = await handleCommand(deps.store, userStream(userId), userDecider, { type: 'SetCoachBranding', branding }, { userId, now: deps.now });
    return { success: true, checkpoint: result.append?.checkpoint ?? null };
  };

  app.get('/api/branding', { preHandler: app.requireUser, schema: { tags, response: { 200: BrandingOut } } }, async (req) => brandingFor(deps.pool, userIdOf(req)));

  const coach = { preHandler: app.requireCoach };
  app.put<{ Body: Static<typeof BrandingBody> }>('/api/branding', { ...coach, schema: { tags, body: BrandingBody, response: { 200: SavedOut, '4xx': ErrorOut } } }, async (req) =>
    setBranding(userIdOf(req), req.body),
  );

  app.delete('/api/branding', { ...coach, schema: { tags, response: { 200: SavedOut, '4xx': ErrorOut } } }, async (req) => setBranding(userIdOf(req), null));
}
