/**
 * What the profile, branding and account-reading routes answer (their response
 * schemas, also the OpenAPI document's). Fastify serialises with these, so every
 * property a route sends is declared here with its real type. The sign-in family's
 * own answers (sessions, messages) sit beside their routes in auth-routes.ts.
 */
import { Type } from '@sinclair/typebox';
import { Checkpoint, Nullable, StringEnum } from '../platform/http/response-schemas.ts';
import { WEIGHT_UNITS } from '../kernel/units.ts';

const Timestamp = Type.String({ format: 'date-time' });

/** GET /api/auth/me */
export const MeOut = Type.Object({ user: Type.Object({ id: Type.String(), email: Type.String() }) });

/** GET /api/confirm-email, when the link was good. */
export const EmailConfirmedOut = Type.Object({
  success: Type.Boolean(),
  userId: Type.String(),
  email: Type.String(),
  userData: Type.Object({ full_name: Type.String(), is_coach: Type.Boolean(), is_athlete: Type.Boolean() }),
});

/** GET /api/profile: the user_profiles row, with the name the app shows and today in the user's zone. */
export const ProfileOut = Type.Object({
  profile: Type.Object({
    user_id: Type.String(),
    email: Type.String(),
    full_name: Type.String(),
    display_name: Nullable(Type.String()),
    first_name: Nullable(Type.String()),
    last_name: Nullable(Type.String()),
    profile_type: Type.String({ description: 'coach or athlete' }),
    is_coach: Type.Boolean(),
    is_athlete: Type.Boolean(),
    email_confirmed: Type.Boolean(),
    time_zone: Type.String({ description: 'IANA zone name' }),
    weight_unit: Nullable(StringEnum(WEIGHT_UNITS, { description: 'kg or lb as chosen in Settings; null until chosen' })),
    created_at: Timestamp,
    updated_at: Timestamp,
    resolved_name: Type.String(),
    initials: Type.String(),
    today: Type.String({ format: 'date', description: 'YYYY-MM-DD in the user’s time zone' }),
  }),
});

/** PUT /api/profile, PUT and DELETE /api/branding. */
export const SavedOut = Type.Object({ success: Type.Boolean(), checkpoint: Checkpoint });

const BrandingColours = Nullable(Type.Object({ primary: Type.String(), secondary: Type.String(), accent: Type.String() }));

/** GET /api/branding: the caller's own colours, their coach's, and the ones that apply. */
export const BrandingOut = Type.Object({ own: BrandingColours, coach: BrandingColours, applied: BrandingColours });
