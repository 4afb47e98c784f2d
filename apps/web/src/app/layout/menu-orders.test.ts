import { describe, expect, it } from 'vitest';
import { menuConfig } from './menu-config.ts';
import { isGroup, visibleMenu, type MenuContext } from './menu-model.ts';

const context = (order: string | null): MenuContext => ({
  flags: { order, compare: null, builder: null },
  host: 'archway.example',
  branded: false,
  isAdmin: false,
});
const paths = (order: string | null) =>
  visibleMenu(menuConfig, context(order)).flatMap((e) => (isGroup(e) ? e.children : [e]).map((i) => i.path));

describe('the order-form designer in the side menu (product §2)', () => {
  it('is listed only when the local flag `order` is "true"', () => {
    expect(paths('true')).toContain('/customizeOrder');
    for (const off of [null, 'false', '', '1']) expect(paths(off)).not.toContain('/customizeOrder');
  });
});
