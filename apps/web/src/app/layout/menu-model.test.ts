import { describe, expect, it } from 'vitest';
import {
  activeGroup,
  menuRules,
  nextOpenKeys,
  selectedKey,
  visibleMenu,
  type MenuContext,
  type MenuEntryDef,
} from './menu-model.ts';
import { menuConfig } from './menu-config.ts';

const context = (overrides: Partial<MenuContext> = {}): MenuContext => ({
  flags: { order: null, compare: null, builder: null },
  host: 'archway.example',
  branded: false,
  isAdmin: false,
  ...overrides,
});

const config: MenuEntryDef[] = [
  { path: '/home', titleKey: 'routes.home' },
  {
    key: 'orders',
    titleKey: 'menu.orders',
    activePrefixes: ['/case'],
    children: [
      { path: '/case', titleKey: 'routes.case' },
      { path: '/caseNot', titleKey: 'routes.caseNot' },
      { path: '/customizeOrder', titleKey: 'routes.customizeOrder', visible: menuRules.order },
    ],
  },
  {
    key: 'tools',
    titleKey: 'menu.tools',
    children: [{ path: '/caseCompare', titleKey: 'x', visible: menuRules.compare }],
  },
  { path: '/caseBuilder', titleKey: 'routes.caseBuilder', visible: menuRules.builder },
];

const paths = (entries: MenuEntryDef[]) =>
  entries.flatMap((e) => ('children' in e ? [e.key, ...e.children.map((c) => c.path)] : [e.path]));

describe('side menu rules', () => {
  it('lists the built screens; backend management only for administrators', () => {
    expect(paths(visibleMenu(menuConfig, context()))).toEqual([
      '/home',
      'orders',
      '/case',
      '/caseNot',
      '/caseComment',
      '/statistical',
      '/caseBuilder',
      '/device',
      '/partner',
      '/account',
      '/newAccount',
      '/recycle',
    ]);
    expect(paths(visibleMenu(menuConfig, context({ isAdmin: true })))).toEqual([
      '/manager',
      '/home',
      'orders',
      '/case',
      '/caseNot',
      '/caseComment',
      '/statistical',
      '/caseBuilder',
      '/device',
      '/partner',
      '/account',
      '/newAccount',
      '/recycle',
    ]);
    expect(menuRules.admin(context())).toBe(false);
  });

  it("without an organization lists only what one can use; an administrator's console comes first, with or without one (issue 24)", () => {
    expect(paths(visibleMenu(menuConfig, context({ hasOrg: false })))).toEqual(['/home', '/account']);
    expect(paths(visibleMenu(menuConfig, context({ hasOrg: false, isAdmin: true })))).toEqual([
      '/manager',
      '/account',
    ]);
    // An administrator who also belongs to an organization finds the back office first too, listed once.
    const withOrg = paths(visibleMenu(menuConfig, context({ hasOrg: true, isAdmin: true })));
    expect(withOrg[0]).toBe('/manager');
    expect(withOrg.filter((path) => path === '/manager')).toHaveLength(1);
    expect(withOrg.slice(1, 3)).toEqual(['/home', 'orders']);
    // Anyone else never sees it.
    expect(paths(visibleMenu(menuConfig, context({ hasOrg: true })))).not.toContain('/manager');
  });

  it('hides optional entries unless their local flag is set, and drops empty groups', () => {
    expect(paths(visibleMenu(config, context()))).toEqual([
      '/home',
      'orders',
      '/case',
      '/caseNot',
      '/caseBuilder',
    ]);
    const flagged = context({ flags: { order: 'true', compare: '1', builder: null } });
    expect(paths(visibleMenu(config, flagged))).toEqual([
      '/home',
      'orders',
      '/case',
      '/caseNot',
      '/customizeOrder',
      'tools',
      '/caseCompare',
      '/caseBuilder',
    ]);
  });

  it('hides the builder on cn hosts without the flag and in branded builds', () => {
    expect(menuRules.builder(context({ host: 'archway.cn' }))).toBe(false);
    expect(
      menuRules.builder(context({ host: 'archway.cn', flags: { order: null, compare: null, builder: '1' } })),
    ).toBe(true);
    expect(menuRules.builder(context({ branded: true }))).toBe(false);
    // The organization's switch off (stored as 'false') hides it everywhere.
    expect(menuRules.builder(context({ flags: { order: null, compare: null, builder: 'false' } }))).toBe(
      false,
    );
    expect(menuRules.builder(context({ flags: { order: null, compare: null, builder: 'true' } }))).toBe(true);
  });

  it('keeps the orders group active for case-related paths', () => {
    expect(activeGroup(config, '/caseNot')).toBe('orders');
    expect(activeGroup(config, '/caseDesign')).toBe('orders');
    expect(activeGroup(config, '/home')).toBeUndefined();
    // Paths with their own top-level entry open no group.
    expect(activeGroup(menuConfig, '/caseComment')).toBeUndefined();
    expect(activeGroup(menuConfig, '/caseCompare')).toBeUndefined();
    expect(activeGroup(menuConfig, '/caseNot')).toBe('orders');
    expect(selectedKey(config, '/caseNot')).toBe('/caseNot');
    expect(selectedKey(config, '/case/12')).toBe('/case');
  });

  it('opens one submenu at a time', () => {
    expect(nextOpenKeys([], ['orders'])).toEqual(['orders']);
    expect(nextOpenKeys(['orders'], ['orders', 'tools'])).toEqual(['tools']);
    expect(nextOpenKeys(['tools'], [])).toEqual([]);
  });
});
