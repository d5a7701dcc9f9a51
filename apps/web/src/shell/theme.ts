import type { ThemeConfig } from 'antd';

/** Spec §2.2: the default theme colour is #353340 — the sider, and the primary colour of controls. */
export const THEME_COLOR = '#353340';
export const SUN_COLOR = '#ffc53d';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: THEME_COLOR,
    colorInfo: '#2f54eb',
    colorLink: '#2f54eb',
    borderRadius: 8,
    colorBgLayout: '#f4f5f8',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans Hebrew', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  },
  components: {
    Layout: {
      siderBg: THEME_COLOR,
      headerBg: '#ffffff',
      headerHeight: 56,
      headerPadding: '0 16px',
      bodyBg: '#f4f5f8',
      footerBg: 'transparent',
      footerPadding: '16px 24px',
    },
    Menu: {
      darkItemBg: THEME_COLOR,
      darkSubMenuItemBg: '#2c2a36',
      darkPopupBg: THEME_COLOR,
      darkItemColor: 'rgba(255, 255, 255, 0.72)',
      darkItemHoverColor: '#ffffff',
      darkItemHoverBg: 'rgba(255, 255, 255, 0.08)',
      darkItemSelectedBg: 'rgba(255, 197, 61, 0.16)',
      darkItemSelectedColor: SUN_COLOR,
      itemBorderRadius: 6,
      itemMarginInline: 8,
    },
  },
};
