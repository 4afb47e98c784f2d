import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { withChunkTimeout } from '../shared/lazy-with-timeout.ts';
import { appRoutes, type AppRouteDef, type RouteHandle } from './route-table.ts';
import { RequireUser } from './guard.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { NotAvailablePage } from './pages/NotAvailablePage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { RedirectPage } from './pages/RedirectPage.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';
import { SystemPathPage } from './pages/SystemPathPage.tsx';
import { SystemTypes } from '../shared/system.ts';

/** The SPA is served under /v5/ (product §2). */
export const BASENAME = '/v5';

const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await withChunkTimeout(load)).default,
});

function appRoute(def: AppRouteDef): RouteObject {
  const handle: RouteHandle = { route: def };
  return def.load
    ? { path: def.path, handle, lazy: page(def.load), ErrorBoundary: RouteErrorPage }
    : { path: def.path, handle, Component: NotAvailablePage, ErrorBoundary: RouteErrorPage };
}

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/login" replace /> },
  { path: '/login', lazy: page(() => import('../features/auth/LoginPage.tsx')), ErrorBoundary: RouteErrorPage },
  { path: '/login/:uid', lazy: page(() => import('../features/auth/SignInPage.tsx')), ErrorBoundary: RouteErrorPage },
  {
    path: '/account/signin-callback',
    lazy: page(() => import('../features/auth/SigninCallbackPage.tsx')),
    ErrorBoundary: RouteErrorPage,
  },
  { path: '/redirect/*', Component: RedirectPage },
  ...SystemTypes.map((system): RouteObject => ({ path: `/${system}/*`, Component: SystemPathPage })),
  {
    element: (
      <RequireUser>
        <AppLayout />
      </RequireUser>
    ),
    ErrorBoundary: RouteErrorPage,
    children: [
      ...appRoutes.map(appRoute),
      { path: '/layout', element: <Navigate to="/home" replace /> },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: BASENAME });
}
