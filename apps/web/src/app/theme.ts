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

export const skins: Record<ThemeType, SkinConfig> = {
  'second-skin': {
    menu: 'light',
    headerBg: '#ffffff',
    headerHeight: 64,
    siderBg: '#ffffff',
    antd: {
      algorithm: theme.defaultAlgorithm,
      token: { colorPrimary: '#0f7b8a', colorInfo: '#0f7b8a', borderRadius: 10, colorBgLayout: '#f2f6f7' },
      components: {
        Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerPadding: '0 20px', headerHeight: 64 },
        Menu: { itemBorderRadius: 10, itemSelectedBg: '#e3f2f3' },
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
      token: { colorPrimary: '#4453d6', colorInfo: '#4453d6', borderRadius: 2, colorBgLayout: '#eceef6' },
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
