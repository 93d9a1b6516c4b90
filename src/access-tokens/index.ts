/** The access-tokens context's public surface: what the accounts context's authenticator needs. */
export { authenticatePersonalToken, PERSONAL_TOKEN_PREFIX, type TokenScope, type TokenView } from './tokens.ts';
