import { createBrowserRouter, Navigate, RouterProvider, type LoaderFunction } from 'react-router-dom';
import { RouteErrorFallback } from '../components/errors/error-boundary';
import { UpdatePrompt } from '../components/update-prompt';
import { paths } from '../config/paths';
import { updateOnNavigation } from '../lib/app-update';
import { calendarPageData } from './route-data';
import { FirstPaintSignal } from './first-paint-signal';
import { publicRoutes, SIGNED_IN_LAYOUT, signedInRoutes } from './route-table';

const toSignIn = <Navigate to={paths.auth.signIn.getHref()} replace />;

/** Every route module, loaded on demand (each exports `Component`). */
const routeModules = import.meta.glob<object>('./routes/**/*.tsx');
const lazyRoute = (module: string) => {
  const load = routeModules[`./routes/${module}.tsx`];
  if (!load) throw new Error(`No route module ${module}`);
  return load;
};

/** Loaders only start queries early (route-data.ts). */
const loaders: Record<string, LoaderFunction> = { [paths.app.calendar.path]: calendarPageData };

const router = createBrowserRouter([
  {
    element: <FirstPaintSignal />,
    errorElement: <RouteErrorFallback />,
    HydrateFallback: () => null,
    children: [
      { path: paths.home.path, element: toSignIn },
      ...publicRoutes.map(({ path, module }) => ({ path, lazy: lazyRoute(module) })),
      {
        lazy: lazyRoute(SIGNED_IN_LAYOUT),
        children: signedInRoutes.map(({ path, module }) => ({ path, loader: loaders[path], lazy: lazyRoute(module) })),
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
