import type { Lang, SheetHeading } from '@heliograph/shared';
import { word, xlsxBuffer } from '../../xlsx/write.js';
import type { InverterRow } from '@heliograph/shared';

/** Inverter statuses whose words on this sheet differ from the other device sheets' in some languages. */
const STATUS_WORD: Record<string, string> = {
  warning: 'inverterWarning',
  offline: 'inverterOffline',
  upgrading: 'inverterUpgrading',
  protect: 'inverterProtect',
};

const COLUMNS: SheetHeading[] = [
  'sn',
  'inverterAlias',
  'brand',
  'inverterModel',
  'ratedPower',
  'inverterPlant',
  'gateway',
  'status',
  'power',
  'todayEnergy',
  'totalEnergy',
  'inverterFirmware',
  'lastReading',
];

/** The inverter list as an .xlsx workbook (same filters as the list on screen). */
export function inverterWorkbook(rows: readonly InverterRow[], lang: Lang): Promise<Buffer> {
  return xlsxBuffer({
    name: 'Inverters',
    lang,
    // Serial number and plant wide, the rest at 14; the last reading as a date and time.
    headings: COLUMNS.map((heading, i) => ({
      heading,
      width: i === 0 || i === 5 ? 22 : 14,
      ...(heading === 'lastReading' ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {}),
    })),
    rows: rows.map((r) => [
      r.sn,
      r.alias ?? '',
      r.brand,
      r.model,
      r.ratedW,
      r.plantName ?? '',
      r.gatewaySn,
      word(STATUS_WORD[r.status] ?? r.status, lang),
      r.powerW,
      Math.round(r.todayKwh * 100) / 100,
      r.totalKwh === null ? null : Math.round(r.totalKwh * 100) / 100,
      r.firmware ?? '',
      r.lastSeen ? new Date(r.lastSeen) : null,
    ]),
  });
}
