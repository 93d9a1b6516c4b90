/** Health, the OpenAPI document and the realtime socket (a plain GET is no websocket). */
import { everyone, type AuthzRow } from '../types.ts';

export const rows: AuthzRow[] = [
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: everyone(200) },
  { route: 'GET /api/openapi.json', request: () => ({ url: '/api/openapi.json' }), expect: everyone(200) },
  { route: 'GET /api/realtime', request: () => ({ url: '/api/realtime' }), expect: everyone(404) },
];
