import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { appRoutes, type AppRouteDef, type RouteHandle } from './route-table.ts';
import { RequireUser } from './guard.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { pageOrRetry } from './pages/ChunkRetryPage.tsx';
import { NotAvailablePage } from './pages/NotAvailablePage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { RedirectPage } from './pages/RedirectPage.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';
import { SystemPathPage } from './pages/SystemPathPage.tsx';
import { SystemTypes } from '../shared/system.ts';
import { isSpecialBrand } from '../shared/brand.ts';
import { FullPageSpin } from '../shared/ui/FullPageSpin.tsx';

/** The SPA is served under /v5/ (product §2). */
export const BASENAME = '/v5';

/** A lazy page; when its code does not arrive, the retry page instead of an error the router keeps. */
const page = (load: () => Promise<{ default: ComponentType }>) => pageOrRetry(load);

/** Shown while the first page's code arrives. */
const Fallback = () => <FullPageSpin />;
const lazyPage = (load: () => Promise<{ default: ComponentType }>): RouteObject => ({
  lazy: page(load),
  HydrateFallback: Fallback,
  ErrorBoundary: RouteErrorPage,
});

function appRoute(def: AppRouteDef): RouteObject {
  const handle: RouteHandle = { route: def };
  // Decided when the route is entered (the server's brand is known by then), before anything of it renders.
  const brand = def.notInSpecialBrand ? { loader: () => (isSpecialBrand() ? redirect('/home') : null) } : {};
  return def.load
    ? // No HydrateFallback here: the layout's fallback covers the first load, so the kept-alive
      // outlet never caches a placeholder.
      { path: def.path, handle, lazy: page(def.load), ErrorBoundary: RouteErrorPage, ...brand }
    : { path: def.path, handle, Component: NotAvailablePage, ErrorBoundary: RouteErrorPage, ...brand };
}

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/login" replace /> },
  { path: '/login', ...lazyPage(() => import('../features/auth/LoginPage.tsx')) },
  { path: '/login/:uid', ...lazyPage(() => import('../features/auth/SignInPage.tsx')) },
  { path: '/register', ...lazyPage(() => import('../features/auth/RegisterPage.tsx')) },
  { path: '/forgotPassword', ...lazyPage(() => import('../features/auth/ForgotPasswordPage.tsx')) },
  { path: '/resetPassword', ...lazyPage(() => import('../features/auth/ResetPasswordPage.tsx')) },
  { path: '/confirmEmail', ...lazyPage(() => import('../features/auth/ConfirmEmailPage.tsx')) },
  { path: '/invitation', ...lazyPage(() => import('../features/members/InvitationPage.tsx')) },
  { path: '/account/signin-callback', ...lazyPage(() => import('../features/auth/SigninCallbackPage.tsx')) },
  // A shared case report: no account, outside the signed-in shell.
  { path: '/report/:token', ...lazyPage(() => import('../features/models/ReportPage.tsx')) },
  { path: '/redirect/*', Component: RedirectPage },
  ...SystemTypes.map((system): RouteObject => ({ path: `/${system}/*`, Component: SystemPathPage })),
  {
    element: (
      <RequireUser>
        <AppLayout />
      </RequireUser>
    ),
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: Fallback,
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
