import { createElement, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../shared/api/current-user.ts';
import { usePageControl } from '../../shared/api/page-control.ts';
import { LocalKeys, readLocal } from '../../shared/storage-keys.ts';
import { isSpecialBrand } from '../../shared/brand.ts';
import { menuConfig } from './menu-config.ts';
import {
  activeGroup,
  isGroup,
  nextOpenKeys,
  selectedKey,
  visibleMenu,
  type MenuContext,
  type MenuEntryDef,
} from './menu-model.ts';

type Items = Required<MenuProps>['items'];

function menuContext(isAdmin: boolean, hasOrg: boolean): MenuContext {
  return {
    flags: {
      order: readLocal(LocalKeys.order),
      compare: readLocal(LocalKeys.compare),
      builder: readLocal(LocalKeys.builder),
    },
    host: window.location.host,
    branded: isSpecialBrand(),
    isAdmin,
    hasOrg,
  };
}

export function SideMenu({
  collapsed,
  theme,
  onNavigate,
}: {
  collapsed: boolean;
  theme: 'light' | 'dark';
  /** Called after an entry was chosen (the phone's menu drawer closes). */
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useCurrentUser().data;
  const isAdmin = user?.isAdmin ?? false;
  // Without an organization only the screens it can use are listed (no organization-only calls are made).
  const hasOrg = Boolean(user?.custId);
  // The optional screens' flags are stored by the page-control call; re-read them when it answers.
  const pageFlags = usePageControl().data;
  const entries = useMemo(
    () => visibleMenu(menuConfig, menuContext(isAdmin, hasOrg)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [isAdmin, hasOrg, pageFlags],
  );
  const group = activeGroup(entries, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(group ? [group] : []);
  const [lastGroup, setLastGroup] = useState(group);
  if (group !== lastGroup) {
    // A navigation into another group opens that group (and only that one).
    setLastGroup(group);
    setOpenKeys(group ? [group] : []);
  }

  const toItems = (list: readonly MenuEntryDef[]): Items =>
    list.map((entry) =>
      isGroup(entry)
        ? {
            key: entry.key,
            label: t(entry.titleKey),
            icon: entry.icon && createElement(entry.icon),
            children: toItems(entry.children),
          }
        : {
            key: entry.path,
            label: entry.label ? createElement(entry.label, null, t(entry.titleKey)) : t(entry.titleKey),
            icon: entry.icon && createElement(entry.icon),
          },
    );

  const selected = selectedKey(entries, pathname);
  return (
    <Menu
      mode="inline"
      theme={theme}
      items={toItems(entries)}
      selectedKeys={selected ? [selected] : group ? [group] : []}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={(keys) => setOpenKeys(nextOpenKeys(openKeys, keys))}
      onClick={({ key }) => {
        void navigate(key);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 'none', background: 'transparent' }}
    />
  );
}
