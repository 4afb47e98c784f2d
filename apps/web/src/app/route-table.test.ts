import { describe, expect, it } from 'vitest';
import { appRoutes } from './route-table.ts';
import { menuConfig } from './layout/menu-config.ts';
import { isGroup } from './layout/menu-model.ts';
import { readLocale } from '../locales/read-locale.ts';

const en = readLocale('en') as Record<string, unknown>;
const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

describe('route table (product §2)', () => {
  it('has every application route of the table with its keep-alive flag', () => {
    expect(appRoutes.map((r) => [r.path, r.keepAlive])).toEqual([
      ['/home', true],
      ['/case', true],
      ['/case/:id', false],
      ['/caseNot', true],
      ['/caseComment', true],
      ['/caseReply', false],
      ['/caseDesign', false],
      ['/caseBuilder', false],
      ['/caseCompare', false],
      ['/customizeOrder', false],
      ['/statistical', true],
      ['/device', true],
      ['/partner', true],
      ['/account', true],
      ['/newAccount', true],
      ['/recycle', true],
      ['/manager', false],
    ]);
  });

  it("gives each route its own path as permission (a case page the case box's) and a translated title", () => {
    for (const route of appRoutes) {
      expect(route.permission).toBe(route.path === '/case/:id' ? '/case' : route.path);
      expect(typeof text(route.titleKey), route.titleKey).toBe('string');
    }
  });

  it('lists in the menu only screens that are built', () => {
    const built = new Set(appRoutes.filter((r) => r.load).map((r) => r.path));
    const items = menuConfig.flatMap((entry) => (isGroup(entry) ? entry.children : [entry]));
    for (const item of items) {
      expect(built.has(item.path), item.path).toBe(true);
      expect(typeof text(item.titleKey), item.titleKey).toBe('string');
    }
  });
});
