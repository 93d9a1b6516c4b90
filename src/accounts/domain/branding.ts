/**
 * Coach branding (spec: theme configuration's coachBranding): three colours the
 * dashboard applies for the coach and for the coach's athletes.
 */
export interface CoachBranding {
  primary: string;
  secondary: string;
  accent: string;
}

export const BRANDING_COLOURS = ['primary', 'secondary', 'accent'] as const;

/** `#rrggbb`: what an <input type="color"> gives and CSS takes everywhere. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export function brandingProblem(b: CoachBranding): string | null {
  for (const key of BRANDING_COLOURS) {
    if (!HEX_COLOUR.test(b[key])) return `The ${key} colour must be a hex colour like #1a2b3c.`;
  }
  return null;
}
