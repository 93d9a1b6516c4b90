/** Which colours a user sees: their own as a coach, and their coach's as an athlete. */
import type pg from 'pg';
import type { CoachBranding } from './domain/branding.ts';

interface BrandingRow {
  primary_colour: string | null;
  secondary_colour: string | null;
  accent_colour: string | null;
}

const toBranding = (r: BrandingRow | undefined): CoachBranding | null =>
  r?.primary_colour && r.secondary_colour && r.accent_colour ? { primary: r.primary_colour, secondary: r.secondary_colour, accent: r.accent_colour } : null;

export async function brandingFor(db: pg.Pool, userId: string): Promise<{ own: CoachBranding | null; coach: CoachBranding | null; applied: CoachBranding | null }> {
  const [own, coach] = await Promise.all([
    db.query<BrandingRow>('SELECT primary_colour, secondary_colour, accent_colour FROM coach_brandings WHERE coach_id = $1', [userId]),
    // The coach who linked this athlete most recently and has colours set.
    db.query<BrandingRow>(
      `SELECT b.primary_colour, b.secondary_colour, b.accent_colour
         FROM client_links l JOIN coach_brandings b ON b.coach_id = l.coach_id
        WHERE l.athlete_id = $1 AND b.primary_colour IS NOT NULL
        ORDER BY l.linked_at DESC LIMIT 1`,
      [userId],
    ),
  ]);
  const ownBranding = toBranding(own.rows[0]);
  const coachBranding = toBranding(coach.rows[0]);
  // An athlete sees their coach's colours; a coach (or an athlete whose coach set none) their own.
  return { own: ownBranding, coach: coachBranding, applied: coachBranding ?? ownBranding };
}
