import type { ComponentType } from 'react';

/**
 * The application routes of product §2. Each carries `permission` (its own path), a title key and
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

const route = (path: string, keepAlive: boolean, load?: AppRouteDef['load']): AppRouteDef => ({
  path,
  permission: path,
  titleKey: `routes.${path.slice(1)}`,
  keepAlive,
  load,
});

export const appRoutes: readonly AppRouteDef[] = [
  route('/home', true, () => import('../features/home/HomePage.tsx')),
  route('/case', true, () => import('../features/cases/CasePage.tsx')),
  route('/caseNot', true, () => import('../features/cases/CaseNotPage.tsx')),
  route('/caseComment', true, () => import('../features/comments/CaseCommentPage.tsx')),
  route('/caseReply', false, () => import('../features/comments/CaseReplyPage.tsx')),
  route('/caseDesign', false, () => import('../features/design/CaseDesignPage.tsx')),
  {
    ...route('/caseBuilder', false, () => import('../features/models/CaseBuilderPage.tsx')),
    notInSpecialBrand: true,
  },
  route('/caseCompare', false, () => import('./pages/CaseComparePage.tsx')),
  route('/customizeOrder', false, () => import('../features/orders/OrderFormPage.tsx')),
  route('/statistical', true, () => import('../features/stats/StatisticsPage.tsx')),
  route('/device', true, () => import('../features/devices/DevicePage.tsx')),
  route('/partner', true, () => import('../features/partners/PartnerPage.tsx')),
  route('/account', true, () => import('../features/account/AccountPage.tsx')),
  route('/newAccount', true, () => import('../features/members/MembersPage.tsx')),
  route('/recycle', true, () => import('../features/cases/RecyclePage.tsx')),
  route('/manager', false, () => import('../features/manager/ManagerPage.tsx')),
];

/** The handle every application route carries (read with useMatches). */
export interface RouteHandle {
  route: AppRouteDef;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'route' in value;
}
