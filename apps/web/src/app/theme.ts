import { theme, type ThemeConfig } from 'antd';
import type { ThemeType } from '../shared/system.ts';

/**
 * The two look-and-feel systems. Second (the default): calm teal, rounded, light side menu.
 * First: indigo, square corners, compact spacing, dark side menu.
 */
export interface SkinConfig {
  antd: ThemeConfig;
  menu: 'light' | 'dark';
  headerBg: string;
  headerHeight: number;
  siderBg: string;
}

/**
 * What both skins guarantee to people who read them (WCAG 2 AA, checked by axe-core in the responsive journey): every
 * text colour has a contrast of at least 4.5:1 on the backgrounds it is used on (white, the grey layouts #f2f6f7 and
 * #eceef6, the light tints of tags and alerts). Ant Design's greyed texts (description, secondary typography, table
 * and form hints, placeholders) are 0.45 black, 3.3:1: here 0.58 black, 5.1:1 or more. The status colours are the
 * darker shades of Ant Design's palettes where they are text (a tag's or a danger button's label), keeping the light
 * backgrounds. Tags in a preset colour (green, cyan, orange, gold, yellow, lime, volcano) read under 4.5:1 in shade 7
 * of their palette, which a theme token does not reach: global.css gives them a darker shade. Disabled controls keep
 * their faint grey (WCAG exempts them).
 */
const readable: ThemeConfig['token'] = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
  colorTextDescription: 'rgba(0, 0, 0, 0.58)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  // Success #237804 (5.4:1 on its tint), error #cf1322 (5.1:1 on its tint, 5.6:1 on white and white on it),
  // warning #ad4e00 (5.2:1 on its tint); their light tints stay Ant Design's.
  colorSuccess: '#237804',
  colorSuccessBg: '#f6ffed',
  colorSuccessBgHover: '#d9f7be',
  colorSuccessBorder: '#b7eb8f',
  colorSuccessBorderHover: '#95de64',
  colorError: '#cf1322',
  colorWarning: '#ad4e00',
  colorWarningBg: '#fffbe6',
  colorWarningBgHover: '#fff1b8',
  colorWarningBorder: '#ffe58f',
  colorWarningBorderHover: '#ffd666',
};

/** The brand colour's darker shade for text on its own light tints (the selected menu item, a "processing" tag). */
const tealText = '#0a6471';

export const skins: Record<ThemeType, SkinConfig> = {
  'second-skin': {
    menu: 'light',
    headerBg: '#ffffff',
    headerHeight: 64,
    siderBg: '#ffffff',
    antd: {
      algorithm: theme.defaultAlgorithm,
      token: {
        ...readable,
        // White on the teal 5:1, the teal on white 5:1 and on the layout's grey 4.6:1.
        colorPrimary: '#0f7b8a',
        // Info (a "processing" tag, an info alert): the teal's darker shade on a light teal tint.
        colorInfo: tealText,
        colorInfoBg: '#e6f4f5',
        colorInfoBgHover: '#d3ebed',
        colorInfoBorder: '#9fd0d5',
        colorInfoBorderHover: '#7fc0c7',
        borderRadius: 10,
        colorBgLayout: '#f2f6f7',
      },
      components: {
        Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerPadding: '0 20px', headerHeight: 64 },
        // The selected item's text in the darker teal: 5.9:1 on its tint (the brand teal reads 4.3:1 there).
        Menu: { itemBorderRadius: 10, itemSelectedBg: '#e3f2f3', itemSelectedColor: tealText },
      },
    },
  },
  'first-skin': {
    menu: 'dark',
    headerBg: '#ffffff',
    headerHeight: 56,
    siderBg: '#161b3d',
    antd: {
      algorithm: [theme.defaultAlgorithm, theme.compactAlgorithm],
      token: {
        ...readable,
        colorPrimary: '#4453d6',
        colorInfo: '#4453d6',
        borderRadius: 2,
        colorBgLayout: '#eceef6',
      },
      components: {
        Layout: {
          headerBg: '#ffffff',
          siderBg: '#161b3d',
          triggerBg: '#0f1330',
          headerPadding: '0 16px',
          headerHeight: 56,
        },
        Menu: { darkItemBg: '#161b3d', darkSubMenuItemBg: '#10142e', darkItemSelectedBg: '#4453d6' },
      },
    },
  },
};
