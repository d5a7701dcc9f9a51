import type { Lang } from '@heliograph/shared';
import { word, xlsxBuffer } from '../../xlsx/write.js';
import type { InverterRow } from './service.js';

/** Inverter statuses whose words on this sheet differ from the other device sheets' in some languages. */
const STATUS_WORD: Record<string, string> = {
  warning: 'inverterWarning',
  offline: 'inverterOffline',
  upgrading: 'inverterUpgrading',
  protect: 'inverterProtect',
};

/** The inverter list as an .xlsx workbook (same filters as the list on screen). */
export function inverterWorkbook(rows: readonly InverterRow[], lang: Lang): Promise<Buffer> {
  return xlsxBuffer({
    name: 'Inverters',
    lang,
    headings: [
      { heading: 'sn', width: 22 },
      { heading: 'inverterAlias', width: 14 },
      { heading: 'brand', width: 14 },
      { heading: 'inverterModel', width: 14 },
      { heading: 'ratedPower', width: 14 },
      { heading: 'inverterPlant', width: 22 },
      { heading: 'gateway', width: 14 },
      { heading: 'status', width: 14 },
      { heading: 'power', width: 14 },
      { heading: 'todayEnergy', width: 14 },
      { heading: 'totalEnergy', width: 14 },
      { heading: 'inverterFirmware', width: 14 },
      { heading: 'lastReading', width: 14, numFmt: 'yyyy-mm-dd hh:mm:ss' },
    ],
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
