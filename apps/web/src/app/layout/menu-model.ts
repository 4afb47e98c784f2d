import type { ComponentType, ReactNode } from 'react';

/**
 * The side menu is built from a config array (menu-config.ts) by these pure rules (product §2):
 * optional entries behind local flags, groups that stay active for related paths, one open group.
 */
export interface MenuContext {
  /** Local flags (`order`, `compare`, `builder`) as stored, null when absent. */
  flags: Record<'order' | 'compare' | 'builder', string | null>;
  host: string;
  /** A special branded build (hides the model builder, help and privacy). */
  branded: boolean;
  /** The signed-in user is a platform administrator (the /manager back office). */
  isAdmin: boolean;
  /**
   * The signed-in user acts for an organization (absent: yes). Without one, the screens of an organization's data
   * (cases, comments, statistics, devices, partners, members, the recycle bin) are not listed.
   */
  hasOrg?: boolean;
}

export interface MenuItemDef {
  path: string;
  titleKey: string;
  icon?: ComponentType;
  visible?: (context: MenuContext) => boolean;
  /** Wraps the entry's label, e.g. to add a badge (the new replies on /caseComment). */
  label?: ComponentType<{ children: ReactNode }>;
  /** Listed only when the user acts for an organization (its screen shows an organization's data). */
  needsOrg?: boolean;
}

export interface MenuGroupDef {
  key: string;
  titleKey: string;
  icon?: ComponentType;
  children: MenuItemDef[];
  /** Paths starting with one of these keep the group active (e.g. case-related paths). */
  activePrefixes?: string[];
  /** Listed only when the user acts for an organization. */
  needsOrg?: boolean;
}

export type MenuEntryDef = MenuItemDef | MenuGroupDef;

export const isGroup = (entry: MenuEntryDef): entry is MenuGroupDef => 'children' in entry;

const flagOn = (value: string | null) => value !== null && value !== '' && value !== 'false' && value !== '0';

/** Visibility rules of the optional entries of product §2. */
export const menuRules = {
  /** /customizeOrder only when the local flag `order` is true. */
  order: (context: MenuContext) => context.flags.order === 'true',
  /** /caseCompare only when a compare flag is set. */
  compare: (context: MenuContext) => flagOn(context.flags.compare),
  /** /caseBuilder unless the builder flag is off, absent on cn hosts, or in special branded builds. */
  builder: (context: MenuContext) =>
    !context.branded &&
    context.flags.builder !== 'false' &&
    !(context.host.includes('cn') && context.flags.builder === null),
  /** /manager (backend management) only for platform administrators. */
  admin: (context: MenuContext) => context.isAdmin,
  /** /home, except for an administrator without organization: it lands in /manager (nothing to show at home). */
  home: (context: MenuContext) => !(context.isAdmin && context.hasOrg === false),
};

/** The entries to show: hidden items dropped, empty groups dropped. */
export function visibleMenu(entries: readonly MenuEntryDef[], context: MenuContext): MenuEntryDef[] {
  const noOrg = context.hasOrg === false;
  const shown = (item: MenuItemDef) => !(noOrg && item.needsOrg) && (item.visible?.(context) ?? true);
  const list = entries.flatMap((entry): MenuEntryDef[] => {
    if (!isGroup(entry)) return shown(entry) ? [entry] : [];
    if (noOrg && entry.needsOrg) return [];
    const children = entry.children.filter(shown);
    return children.length ? [{ ...entry, children }] : [];
  });
  return list;
}

const matches = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The selected menu key for a location: the longest item path that matches. */
export function selectedKey(entries: readonly MenuEntryDef[], pathname: string): string | undefined {
  const items = entries.flatMap((entry) => (isGroup(entry) ? entry.children : [entry]));
  return items.filter((item) => matches(pathname, item.path)).sort((a, b) => b.path.length - a.path.length)[0]
    ?.path;
}

/**
 * The group that holds (or stays active for) a location. A path with its own top-level entry (/caseComment,
 * /caseCompare) opens no group, though it starts like a case-related path.
 */
export function activeGroup(entries: readonly MenuEntryDef[], pathname: string): string | undefined {
  if (entries.some((entry) => !isGroup(entry) && matches(pathname, entry.path))) return undefined;
  return entries
    .filter(isGroup)
    .find(
      (group) =>
        group.children.some((item) => matches(pathname, item.path)) ||
        (group.activePrefixes ?? []).some((prefix) => pathname.startsWith(prefix)),
    )?.key;
}

/** Only one submenu open at a time: the newly opened key wins. */
export function nextOpenKeys(previous: readonly string[], requested: readonly string[]): string[] {
  const opened = requested.find((key) => !previous.includes(key));
  if (opened) return [opened];
  return requested.length ? [requested[requested.length - 1] as string] : [];
}

/** Collapse automatically below this width (product §9). */
export const AUTO_COLLAPSE_WIDTH = 1300;
