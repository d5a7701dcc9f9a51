import ExcelJS from 'exceljs';
import type { Lang, SheetHeading } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { inverterWorkbook } from '../modules/inverters/export.js';
import { word, xlsxBuffer } from './write.js';

/** The heading row and the view of the first sheet, as a spreadsheet program reads them back. */
async function readBack(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const ws = wb.worksheets[0];
  const row = ws?.getRow(1);
  const values = Array.from({ length: ws?.columnCount ?? 0 }, (_, i) => row?.getCell(i + 1).value);
  return { values, bold: row?.getCell(1).font?.bold, rtl: ws?.views[0]?.rightToLeft ?? false, name: ws?.name };
}

/** Each sheet's columns and the headings users have always read in English and Hebrew. */
const SHEETS: { sheet: string; headings: SheetHeading[]; en: string[]; he: string[] }[] = [
  {
    sheet: 'batteries',
    headings: ['sn', 'alias', 'plant', 'role', 'status', 'soc', 'temperature', 'updated'],
    en: ['Serial number', 'Alias', 'Plant', 'Role', 'Status', 'SOC (%)', 'Temperature (°C)', 'Last update'],
    he: ['מספר סידורי', 'כינוי', 'תחנה', 'תפקיד', 'מצב', 'SOC (%)', 'טמפרטורה (°C)', 'עדכון אחרון'],
  },
  {
    sheet: 'events',
    headings: ['raised', 'cleared', 'level', 'code', 'plant', 'device', 'meaning', 'solution'],
    en: ['Raised', 'Cleared', 'Type', 'Code', 'Plant', 'Device', 'Meaning', 'Solution'],
    he: ['הופיע', 'נוקה', 'סוג', 'קוד', 'תחנה', 'התקן', 'משמעות', 'פתרון'],
  },
  {
    sheet: 'gateways',
    headings: ['sn', 'gatewayAlias', 'gatewayPlant', 'status', 'locked', 'rssi', 'interval', 'lastSeen'],
    en: [
      'Serial number',
      'Alias',
      'Plant',
      'Status',
      'Locked',
      'Signal (dBm)',
      'Upload interval (s)',
      'Last seen (UTC)',
    ],
    he: ['מספר סידורי', 'כינוי', 'תחנה', 'מצב', 'נעול', 'אות (dBm)', 'מרווח העלאה (שנ׳)', 'נראה לאחרונה (UTC)'],
  },
  {
    sheet: 'gateway-import',
    headings: ['sn', 'key', 'password'],
    en: ['Serial number', 'Registration key', 'Connection password'],
    he: ['מספר סידורי', 'מפתח רישום', 'סיסמת חיבור'],
  },
];

describe('.xlsx sheets read back with the headings of the caller’s language', () => {
  it.each(SHEETS.flatMap((s) => (['en', 'he'] as const).map((lang) => [s.sheet, lang, s] as const)))(
    '%s in %s',
    async (_name, lang, s) => {
      const back = await readBack(await xlsxBuffer({ name: s.sheet, lang, headings: s.headings, rows: [] }));
      expect(back.values).toEqual(s[lang]);
      expect(back.bold).toBe(true);
      expect(back.rtl).toBe(lang === 'he');
      expect(back.name).toBe(s.sheet);
    },
  );

  it.each<[Lang, string[], string]>([
    [
      'en',
      [
        'Serial number',
        'Alias',
        'Brand',
        'Model',
        'Rated power (W)',
        'Plant',
        'Gateway',
        'Status',
        'Power (W)',
        'Today (kWh)',
        'Total (kWh)',
        'Firmware',
        'Last reading',
      ],
      'Protect',
    ],
    [
      'he',
      [
        'מספר סידורי',
        'כינוי',
        'מותג',
        'דגם',
        'הספק נקוב (W)',
        'מתקן',
        'שער',
        'מצב',
        'הספק (W)',
        'היום (kWh)',
        'סה״כ (kWh)',
        'קושחה',
        'קריאה אחרונה',
      ],
      'הגנה',
    ],
  ])('the inverter list in %s, with its status words', async (lang, headings, protect) => {
    const bytes = await inverterWorkbook([], lang);
    const back = await readBack(bytes);
    expect(back.values).toEqual(headings);
    expect(back.name).toBe('Inverters');
    expect(back.rtl).toBe(lang === 'he');
    expect(word('inverterProtect', lang)).toBe(protect);
  });

  it('keeps a cell word it does not know as it is', () => {
    expect(word('online', 'de')).toBe('Online');
    expect(word('yes', 'he')).toBe('כן');
    expect(word('somethingNew', 'en')).toBe('somethingNew');
  });
});
