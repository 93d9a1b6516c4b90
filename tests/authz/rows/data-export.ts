/** Download my data (issue 26, item 3): every signed-in person gets their own archive (no id is taken), nobody else's. */
import type { AuthzRow } from '../types.ts';
import { signedIn } from '../types.ts';

export const rows: AuthzRow[] = [{ route: 'GET /api/data-export.zip', request: () => ({ url: '/api/data-export.zip' }), expect: signedIn(200) }];
