/** Personal access tokens for the API (issue 25, item 4): routes only; the auth hook checks the tokens. */
import type { Feature } from '../feature.ts';
import { accessTokenRoutes } from './routes.ts';

export const accessTokensFeature: Feature = {
  name: 'access-tokens',
  routes(app, deps) {
    accessTokenRoutes(app, deps);
  },
};
