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
} as const;

/**
 * Preset tag colours use shade 7 as text on shade 1: the shades that fall under 4.5:1 there, darkened.
 * Each is set under both names Ant Design gives it (`gold7`, `gold-7`): both become the CSS variable
 * --ant-gold-7, and the one not overridden would win.
 */
const TAG_TEXT_SHADES: Record<string, string> = {
  green: '#237804',
  gold: '#874d00',
  orange: '#ad4e00',
  volcano: '#ad2102',
  yellow: '#876800',
  lime: '#3f6600',
  cyan: '#006d75',
};
const TAG_TEXT = Object.fromEntries(
  Object.entries(TAG_TEXT_SHADES).flatMap(([name, colour]) => [
    [`${name}7`, colour],
    [`${name}-7`, colour],
  ]),
);

export const theme: ThemeConfig = {
  token: {
    ...ACCESSIBLE_TEXT,
    ...TAG_TEXT,
    colorPrimary: THEME_COLOR,
    colorInfo: '#2f54eb',
    colorLink: '#2f54eb',
    borderRadius: 8,
    colorBgLayout: '#f4f5f8',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans Hebrew', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  },
  components: {
    // An unchecked switch shows its white label on the quaternary fill (2:1 by default): darken it there.
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.7)' },
    // A table with no rows says so in the disabled grey (1.8:1); it is a message, not a disabled control.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
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
