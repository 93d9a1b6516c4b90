/** What the access-token routes answer (their response schemas, also the OpenAPI document's). */
import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../platform/http/response-schemas.ts';
import { TOKEN_SCOPES } from './tokens.ts';

const Time = Type.String({ format: 'date-time' });

export const TokenOut = Type.Object({
  id: Type.String(),
  name: Type.String(),
  scope: StringEnum(TOKEN_SCOPES, { description: 'read: GET and HEAD only; write: everything the account may do.' }),
  prefix: Type.String({ description: 'The first characters of the token, to tell tokens apart.' }),
  created_at: Time,
  expires_at: Time,
  last_used_at: Nullable(Time),
  revoked_at: Nullable(Time),
});

export const CreatedOut = Type.Object({
  token: Type.String({ description: 'The token itself: shown this once, never again (only its hash is kept).' }),
  access_token: TokenOut,
});

export const ListOut = Type.Object({ access_tokens: Type.Array(TokenOut) });
export const RevokedOut = Type.Object({ access_token: TokenOut });
