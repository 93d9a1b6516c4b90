import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { RouteErrorFallback } from '../components/errors/error-boundary';
import { UpdatePrompt } from '../components/update-prompt';
import { paths } from '../config/paths';
import { updateOnNavigation } from '../lib/app-update';
import { calendarPageData } from './route-data';
import { FirstPaintSignal } from './first-paint-signal';

const toSignIn = <Navigate to={paths.auth.signIn.getHref()} replace />;

/** Every route module is loaded on demand; each exports `Component`. Loaders only start queries early (route-data.ts). */
const router = createBrowserRouter([
  {
    element: <FirstPaintSignal />,
    errorElement: <RouteErrorFallback />,
    HydrateFallback: () => null,
    children: [
      { path: paths.home.path, element: toSignIn },
      { path: paths.auth.signIn.path, lazy: () => import('./routes/auth/sign-in') },
      { path: paths.auth.signUp.path, lazy: () => import('./routes/auth/sign-up') },
      { path: paths.auth.checkEmail.path, lazy: () => import('./routes/auth/check-email') },
      { path: paths.auth.forgotPassword.path, lazy: () => import('./routes/auth/forgot-password') },
      { path: paths.auth.resetPassword.path, lazy: () => import('./routes/auth/reset-password') },
      { path: paths.auth.confirm.path, lazy: () => import('./routes/auth/confirm') },
      { path: paths.emailDemo.path, lazy: () => import('./routes/email-demo') },
      {
        lazy: () => import('./routes/app/root'),
        children: [
          { path: paths.app.clients.path, lazy: () => import('./routes/app/clients') },
          { path: paths.app.groups.path, lazy: () => import('./routes/app/groups') },
          { path: paths.app.calendar.path, loader: calendarPageData, lazy: () => import('./routes/app/calendar') },
          { path: paths.app.training.path, lazy: () => import('./routes/app/training') },
          { path: paths.app.trainingWorkout.path, lazy: () => import('./routes/app/training-workout') },
          { path: paths.app.library.path, lazy: () => import('./routes/app/library') },
          { path: paths.app.chat.path, lazy: () => import('./routes/app/chat') },
          { path: paths.app.programTemplates.path, lazy: () => import('./routes/app/program-templates') },
          { path: paths.app.helpTemplates.path, lazy: () => import('./routes/app/help-templates') },
          { path: paths.app.teamAnalytics.path, lazy: () => import('./routes/app/team-analytics') },
          { path: paths.app.becomeCoach.path, lazy: () => import('./routes/app/become-coach') },
          { path: paths.app.settings.path, lazy: () => import('./routes/app/settings') },
          { path: paths.app.webhooks.path, lazy: () => import('./routes/app/webhooks') },
        ],
      },
      { path: '*', element: toSignIn },
    ],
  },
]);

// A new version of the app waiting to take over does so once the user has moved to another page.
let shown = router.state.location.key;
router.subscribe((state) => {
  if (state.navigation.state !== 'idle' || state.location.key === shown) return;
  shown = state.location.key;
  updateOnNavigation();
});

export function AppRouter() {
  return (
    <>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </>
  );
}
