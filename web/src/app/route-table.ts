/**
 * Which module draws each address: a file under app/routes (without `.tsx`) that
 * exports `Component`. The router loads them on demand (router.tsx); the build reads
 * this table too (web/build/route-preloads.ts), so the server can name a page's files
 * in the HTML it answers with and the phone fetches them at once, not after the app's
 * own script has run. Pure data: the build imports it in Node.
 */
import { paths } from '../config/paths.ts';

export type RouteEntry = {
  path: string;
  module: string;
  /**
   * GET requests (paths without a query) the page's header cannot draw without. The
   * server names them in the HTML, whose first script starts them while the app's code
   * is still on its way (web/index.html, lib/first-paint-data.ts).
   */
  firstPaintData?: string[];
};

/** The calendar's header names the athlete (the coach's links), and its month is the profile's today. */
export const CALENDAR_FIRST_PAINT_DATA = ['/api/profile', '/api/manage-links'];

/** Open to anyone. */
export const publicRoutes: RouteEntry[] = [
  { path: paths.auth.signIn.path, module: 'auth/sign-in' },
  { path: paths.auth.signUp.path, module: 'auth/sign-up' },
  { path: paths.auth.checkEmail.path, module: 'auth/check-email' },
  { path: paths.auth.forgotPassword.path, module: 'auth/forgot-password' },
  { path: paths.auth.resetPassword.path, module: 'auth/reset-password' },
  { path: paths.auth.confirm.path, module: 'auth/confirm' },
  { path: paths.emailDemo.path, module: 'email-demo' },
];

/** The guard and frame of every signed-in page. */
export const SIGNED_IN_LAYOUT = 'app/root';

/** Drawn inside SIGNED_IN_LAYOUT. */
export const signedInRoutes: RouteEntry[] = [
  { path: paths.app.clients.path, module: 'app/clients' },
  { path: paths.app.groups.path, module: 'app/groups' },
  { path: paths.app.calendar.path, module: 'app/calendar', firstPaintData: CALENDAR_FIRST_PAINT_DATA },
  { path: paths.app.training.path, module: 'app/training' },
  { path: paths.app.trainingWorkout.path, module: 'app/training-workout' },
  { path: paths.app.library.path, module: 'app/library' },
  { path: paths.app.chat.path, module: 'app/chat' },
  { path: paths.app.programTemplates.path, module: 'app/program-templates' },
  { path: paths.app.helpTemplates.path, module: 'app/help-templates' },
  { path: paths.app.teamAnalytics.path, module: 'app/team-analytics' },
  { path: paths.app.becomeCoach.path, module: 'app/become-coach' },
  { path: paths.app.settings.path, module: 'app/settings' },
  { path: paths.app.webhooks.path, module: 'app/webhooks' },
];
