/**
 * Erasing an account (issue 26): a session only, and only one's own account (there is
 * no user id to name). With a wrong password every signed-in caller is refused 403, so
 * the matrix's accounts survive; the erasure itself is tests/privacy-erasure.int.test.ts.
 */
import type { AuthzRow } from '../types.ts';
import { signedIn } from '../types.ts';

export const rows: AuthzRow[] = [
  {
    route: 'POST /api/account/erase',
    request: () => ({ url: '/api/account/erase', body: { password: 'not the password', confirmation: 'DELETE' } }),
    expect: signedIn(403),
  },
];
