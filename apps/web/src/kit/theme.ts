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

// ---- a company's own colour (issue 12: theme colour applied to the shell for every member) -----------------

const HEX = /^#([0-9a-f]{6})$/i;

function channels(hex: string): [number, number, number] | null {
  const m = HEX.exec(hex.trim());
  if (!m?.[1]) return null;
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG 2.1 relative luminance of an sRGB colour. */
export function luminance(hex: string): number {
  const c = channels(hex);
  if (!c) return 0;
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour that reads on `background`: white or black, whichever contrasts more (always ≥ 4.5:1). */
export function readableTextOn(background: string): '#ffffff' | '#000000' {
  return contrastRatio('#ffffff', background) >= contrastRatio('#000000', background) ? '#ffffff' : '#000000';
}

/**
 * The colour controls use as their primary: the company's colour, darkened step by step until white text on it
 * (primary buttons) and it as text on white (links, selected tabs) both reach 4.5:1.
 */
export function accessiblePrimary(color: string): string {
  let c = channels(color);
  if (!c) return THEME_COLOR;
  for (let i = 0; i < 40 && contrastRatio('#ffffff', toHex(c)) < 4.5; i++) c = [c[0] * 0.92, c[1] * 0.92, c[2] * 0.92];
  return toHex(c);
}

export function isThemeColor(value: string | null | undefined): value is string {
  return !!value && HEX.test(value.trim());
}

/**
 * The shell's theme for a company colour: the side menu takes the colour itself with text computed to read on
 * it; controls take `accessiblePrimary`. Nested in the app's ConfigProvider, so every other token stays.
 */
export function companyTheme(color: string): { theme: ThemeConfig; vars: Record<`--${string}`, string> } {
  const bg = isThemeColor(color) ? color.toLowerCase() : THEME_COLOR;
  const text = readableTextOn(bg);
  const light = text !== '#ffffff';
  const selected = contrastRatio(SUN_COLOR, bg) >= 4.5 ? SUN_COLOR : text;
  const primary = accessiblePrimary(bg);
  const tint = light ? 'rgba(0, 0, 0, 0.08)' : 'rgba(255, 255, 255, 0.1)';
  return {
    theme: {
      token: { colorPrimary: primary },
      components: {
        Layout: { siderBg: bg },
        Menu: {
          darkItemBg: bg,
          darkSubMenuItemBg: bg,
          darkPopupBg: bg,
          darkItemColor: text,
          darkItemHoverColor: text,
          darkItemHoverBg: tint,
          darkItemSelectedBg: light ? 'rgba(0, 0, 0, 0.14)' : 'rgba(255, 197, 61, 0.16)',
          darkItemSelectedColor: selected,
          darkGroupTitleColor: text,
        },
      },
    },
    vars: {
      '--hg-theme': bg,
      '--hg-theme-text': text,
      '--hg-theme-primary': primary,
      '--hg-text-muted-on-dark': text,
      '--hg-sun': selected,
      '--hg-theme-divider': light ? 'rgba(0, 0, 0, 0.12)' : 'rgba(255, 255, 255, 0.08)',
    },
  };
}
