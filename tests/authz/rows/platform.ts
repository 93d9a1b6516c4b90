/** Health and its probes, metrics, the OpenAPI document and the realtime socket (a plain GET is no websocket). */
import { everyone, type AuthzRow } from '../types.ts';

export const rows: AuthzRow[] = [
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: everyone(200) },
  { route: 'GET /api/health/live', request: () => ({ url: '/api/health/live' }), expect: everyone(200) },
  { route: 'GET /api/health/ready', request: () => ({ url: '/api/health/ready' }), expect: everyone(200) },
  // The operator key opens it (tests/observability.int.test.ts); no account does.
  { route: 'GET /api/metrics', request: () => ({ url: '/api/metrics' }), expect: everyone(403) },
  { route: 'GET /api/openapi.json', request: () => ({ url: '/api/openapi.json' }), expect: everyone(200) },
  { route: 'GET /api/realtime', request: () => ({ url: '/api/realtime' }), expect: everyone(404) },
];
