import type { ComponentType } from 'react';

/**
 * The application routes of product §2. Each carries `permission` (its own path; a case's page `/case/:id` the case
 * box's), a title key and
 * the keep-alive flag. A route without `load` is not built yet: it answers "not available yet".
 * Later issues add `load` (and a menu entry in menu-config.ts) when their screen really works.
 */
export interface AppRouteDef {
  path: string;
  permission: string;
  titleKey: string;
  keepAlive: boolean;
  load?: () => Promise<{ default: ComponentType }>;
  /** A screen special branded builds do not have (product §6): its path leads home there. */
  notInSpecialBrand?: boolean;
}

const route = (
  path: string,
  { keepAlive }: { keepAlive: boolean },
  load?: AppRouteDef['load'],
): AppRouteDef => ({
  path,
  permission: path,
  titleKey: `routes.${path.slice(1)}`,
  keepAlive,
  load,
});

export const appRoutes: readonly AppRouteDef[] = [
  route('/home', { keepAlive: true }, () => import('../features/home/HomePage.tsx')),
  route('/case', { keepAlive: true }, () => import('../features/cases/CasePage.tsx')),
  // One case's page (issue 32): under the case box's permission and menu entry; not kept alive (one page per
  // case would pile up), the lists it returns to are.
  {
    path: '/case/:id',
    permission: '/case',
    titleKey: 'casePage.title',
    keepAlive: false,
    load: () => import('./pages/CaseViewRoute.tsx'),
  },
  route('/caseNot', { keepAlive: true }, () => import('../features/cases/CaseNotPage.tsx')),
  route('/caseComment', { keepAlive: true }, () => import('../features/comments/CaseCommentPage.tsx')),
  route('/caseReply', { keepAlive: false }, () => import('../features/comments/CaseReplyPage.tsx')),
  route('/caseDesign', { keepAlive: false }, () => import('../features/design/CaseDesignPage.tsx')),
  {
    ...route('/caseBuilder', { keepAlive: false }, () => import('../features/models/CaseBuilderPage.tsx')),
    notInSpecialBrand: true,
  },
  route('/caseCompare', { keepAlive: false }, () => import('./pages/CaseComparePage.tsx')),
  route('/customizeOrder', { keepAlive: false }, () => import('../features/orders/OrderFormPage.tsx')),
  route('/statistical', { keepAlive: true }, () => import('../features/stats/StatisticsPage.tsx')),
  route('/device', { keepAlive: true }, () => import('../features/devices/DevicePage.tsx')),
  route('/partner', { keepAlive: true }, () => import('../features/partners/PartnerPage.tsx')),
  route('/account', { keepAlive: true }, () => import('../features/account/AccountPage.tsx')),
  route('/newAccount', { keepAlive: true }, () => import('../features/members/MembersPage.tsx')),
  route('/recycle', { keepAlive: true }, () => import('../features/cases/RecyclePage.tsx')),
  route('/manager', { keepAlive: false }, () => import('../features/manager/ManagerPage.tsx')),
];

/** The handle every application route carries (read with useMatches). */
export interface RouteHandle {
  route: AppRouteDef;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'route' in value;
}
