import * as echarts from 'echarts';
import type PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { TextSetter } from './text.js';

/**
 * Charts: an ECharts option rendered on the server to SVG (ECharts' SSR mode, no DOM, no canvas), then drawn
 * into the PDF as vectors, so a chart stays sharp at any zoom and prints at the size spec §9 gives (560 pt).
 *
 * svg-to-pdfkit draws the shapes. The chart's texts are taken out of the SVG and set by our own TextSetter,
 * so they come out in the report's fonts with the same per-character fallback and bidi as the body text
 * (svg-to-pdfkit knows one font per text element and no right-to-left). ECharts measures text through a
 * platform hook; it is pointed at the same fonts, so legends and labels are spaced for what is drawn.
 */

/** The palette of the report's charts when the option brings none: solar amber first, then the console's slate. */
export const CHART_COLORS = ['#F2A516', '#3E6FB0', '#2BA471', '#8E5CC4', '#D9534F', '#5B6770', '#14A3B8'];

let measuring: TextSetter | null = null;
let fallback: TextSetter | null = null;

// The hook is global to ECharts in this process: charts rendered elsewhere on the server (outside chartSvg)
// are measured in Noto Sans, which is still closer than ECharts' own table of average widths.
echarts.setPlatformAPI({
  measureText(text: string, font?: string) {
    const { size, bold } = parseFont(font);
    const setter = measuring ?? (fallback ??= new TextSetter('en'));
    return { width: setter.measure(text, { size, weight: bold ? 'bold' : 'regular' }) };
  },
});

/** "bold 12px sans-serif" → size 12, bold. */
function parseFont(font: string | undefined): { size: number; bold: boolean } {
  const size = Number(/([\d.]+)px/.exec(font ?? '')?.[1] ?? 12);
  return { size: Number.isFinite(size) && size > 0 ? size : 12, bold: /\bbold\b|\b[6-9]00\b/.test(font ?? '') };
}

/**
 * CSS pixels per point: ECharts sizes its texts in px (12 px labels), and a CSS px is 0.75 pt, so a chart laid
 * out at 560 / 0.75 px and drawn 560 pt wide prints its labels at the size a browser would (9 pt).
 */
export const PT_PER_PX = 0.75;

/** The option's SVG for a box of `width` × `height` pt (laid out in px, see PT_PER_PX). */
export function chartSvg(option: Record<string, unknown>, width: number, height: number, setter: TextSetter): string {
  measuring = setter;
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: Math.round(width / PT_PER_PX),
    height: Math.round(height / PT_PER_PX),
  });
  try {
    chart.setOption({
      color: CHART_COLORS,
      ...option,
      // Print has no animation: without this the SVG would hold CSS animations from an empty state.
      animation: false,
      textStyle: { color: '#4A4F5C', ...(isRecord(option.textStyle) ? option.textStyle : {}) },
    });
    return chart.renderToSVGString();
  } finally {
    // dispose also stops ECharts' frame loop, which would otherwise keep the process alive.
    chart.dispose();
    measuring = null;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

interface SvgText {
  attrs: Record<string, string>;
  text: string;
}

const TEXT_RE = /<text\b([^>]*)>([\s\S]*?)<\/text>/g;
const ATTR_RE = /([\w:-]+)="([^"]*)"/g;

/** Draws the chart `svg` into the box of `width` × `height` pt whose top-left corner is (x, y). */
export function drawChart(
  doc: PDFKit.PDFDocument,
  svg: string,
  x: number,
  y: number,
  width: number,
  height: number,
  setter: TextSetter,
): void {
  const texts: SvgText[] = [];
  const shapes = svg.replace(TEXT_RE, (_m, attrs: string, body: string) => {
    texts.push({ attrs: parseAttrs(attrs), text: decodeEntities(body.replace(/<[^>]+>/g, '')) });
    return '';
  });
  // The typings declare the class where the instance is passed; the call takes the document itself.
  // svg-to-pdfkit fits the SVG's px view box into the width × height pt viewport.
  SVGtoPDF(doc as unknown as typeof PDFDocument, shapes, x, y, { width, height });
  doc.save();
  doc.translate(x, y);
  doc.scale(PT_PER_PX);
  for (const t of texts) drawText(doc, t, setter);
  doc.restore();
}

/** Draws one SVG text in the SVG's own px coordinates. */
function drawText(doc: PDFKit.PDFDocument, t: SvgText, setter: TextSetter): void {
  if (!t.text.trim()) return;
  const style = styleOf(t.attrs.style ?? '');
  const size = style.size;
  const weight = style.bold ? 'bold' : 'regular';
  const line = setter.line(t.text, { size, weight });
  const lx = Number(t.attrs.x ?? 0) || 0;
  const ly = Number(t.attrs.y ?? 0) || 0;
  const anchor = t.attrs['text-anchor'] ?? 'start';
  const left = anchor === 'middle' ? lx - line.width / 2 : anchor === 'end' ? lx - line.width : lx;
  const { ascent, descent } = setter.metrics({ size, weight });
  const db = t.attrs['dominant-baseline'] ?? 'alphabetic';
  // SVG's baselines: "central" centres the em box on y, "hanging" hangs it below, "alphabetic" sits on y.
  const baseline =
    db === 'central' || db === 'middle'
      ? ly + (ascent + descent) / 2
      : db === 'hanging' || db === 'text-before-edge'
        ? ly + ascent
        : db === 'text-after-edge' || db === 'ideographic'
          ? ly + descent
          : ly;
  doc.save();
  const m = transformOf(t.attrs.transform ?? '');
  doc.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
  const opacity = Number(t.attrs['fill-opacity'] ?? t.attrs.opacity ?? 1);
  if (opacity < 1) doc.fillOpacity(opacity);
  setter.drawAt(doc, line, left, baseline, t.attrs.fill ?? '#333333');
  doc.restore();
}

function parseAttrs(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of s.matchAll(ATTR_RE)) if (m[1] && m[2] !== undefined) out[m[1]] = m[2];
  return out;
}

function styleOf(style: string): { size: number; bold: boolean } {
  const size = Number(/font-size:\s*([\d.]+)px/.exec(style)?.[1] ?? 12);
  const weight = /font-weight:\s*([\w]+)/.exec(style)?.[1] ?? 'normal';
  return { size: size > 0 ? size : 12, bold: weight === 'bold' || Number(weight) >= 600 };
}

/** translate(x y) or matrix(a,b,c,d,e,f), the two forms ECharts' SSR writes on texts. */
function transformOf(t: string): [number, number, number, number, number, number] {
  const nums = (s: string): number[] =>
    s
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
  const matrix = /matrix\(([^)]*)\)/.exec(t);
  if (matrix?.[1]) {
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = nums(matrix[1]);
    return [a, b, c, d, e, f];
  }
  const translate = /translate\(([^)]*)\)/.exec(t);
  if (translate?.[1]) {
    const [e = 0, f = 0] = nums(translate[1]);
    return [1, 0, 0, 1, e, f];
  }
  return [1, 0, 0, 1, 0, 0];
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
