import type { ThemeConfig } from 'antd';

/** Spec §2.2: the default theme colour is #353340 — the sider, and the primary colour of controls. */
export const THEME_COLOR = '#353340';
export const SUN_COLOR = '#ffc53d';

/**
 * Text colours that read at 4.5:1 (WCAG 2.1 AA) on white, on the page background (#f4f5f8) and on the
 * tinted backgrounds Ant Design pairs them with (tags, alerts): Ant Design's defaults do not (muted text
 * #8c8c8c is 3.4:1, a green "Normal" tag 2.2:1, a gold tag 2.8:1). Fixed here once so every page follows.
 */
const ACCESSIBLE_TEXT = {
  // Muted text: descriptions, table and form hints, breadcrumbs, step titles. Same as --hg-text-muted.
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  // Placeholders are read as hints, so they must be legible too; still lighter than typed text (0.88).
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.57)',
  // Status colours are the text of status tags on their *Bg tint, and the fill behind white text of
  // danger buttons: each at least 4.5:1 against both.
  colorSuccess: '#237804',
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorWarning: '#ad4e00',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  colorError: '#cf1322',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
  // Preset tag colours use shade 7 as text on shade 1: darken the shades that fall under 4.5:1.
  green7: '#237804',
  gold7: '#874d00',
  orange7: '#ad4e00',
  volcano7: '#ad2102',
  yellow7: '#876800',
  lime7: '#3f6600',
  cyan7: '#006d75',
} as const;

export const theme: ThemeConfig = {
  token: {
    ...ACCESSIBLE_TEXT,
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
