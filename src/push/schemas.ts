/** What the push routes take and answer (their schemas, also the OpenAPI document's). */
import { Type } from '@sinclair/typebox';
import { Nullable } from '../platform/http/response-schemas.ts';

const Time = Type.String({ format: 'date-time' });
const HHMM = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

export const SubscribeBody = Type.Object(
  {
    endpoint: Type.String({ minLength: 1, maxLength: 2000, description: 'PushSubscription.endpoint: the push service URL (https).' }),
    expirationTime: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1e15 }))),
    keys: Type.Object(
      {
        p256dh: Type.String({ minLength: 1, maxLength: 200, description: 'base64url, 65 bytes' }),
        auth: Type.String({ minLength: 1, maxLength: 100, description: 'base64url, 16 bytes' }),
      },
      { additionalProperties: false },
    ),
  },
  // PushSubscription.toJSON() as the browser gives it, sent as it is.
  { additionalProperties: false },
);

export const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) }, { additionalProperties: false });

export const PreferencesBody = Type.Object(
  {
    workout: Type.Optional(Type.Boolean()),
    comment: Type.Optional(Type.Boolean()),
    message: Type.Optional(Type.Boolean()),
    reminder: Type.Optional(Type.Boolean()),
    reminderTime: Type.Optional(Type.String({ pattern: HHMM, maxLength: 5, description: 'HH:MM in your own time zone (your profile).' })),
  },
  { additionalProperties: false },
);

export const PublicKeyOut = Type.Object({ publicKey: Type.String({ description: "The server's VAPID public key (base64url): the browser's applicationServerKey." }) });

export const SubscriptionOut = Type.Object({ id: Type.String(), endpoint: Type.String(), userAgent: Nullable(Type.String()), createdAt: Time });
export const SubscriptionOneOut = Type.Object({ subscription: SubscriptionOut });
export const SubscriptionListOut = Type.Object({ subscriptions: Type.Array(SubscriptionOut) });
export const RemovedOut = Type.Object({ removed: Type.Boolean() });

export const PreferencesOut = Type.Object({
  preferences: Type.Object({
    workout: Type.Boolean({ description: 'A new or changed workout (athletes).' }),
    comment: Type.Boolean({ description: 'A comment on a workout.' }),
    message: Type.Boolean({ description: 'A chat message.' }),
    reminder: Type.Boolean({ description: 'The training-day reminder (athletes).' }),
    reminderTime: Type.String({ pattern: HHMM }),
  }),
  timeZone: Type.String({ description: 'The time zone reminderTime is in (from your profile).' }),
});
