import ExcelJS from 'exceljs';
import type { Lang } from '@heliograph/shared';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../http/errors.js';

/**
 * .xlsx files of the gateway, switch and lora pages: the list exports, the import template, and reading an
 * uploaded import. Headings are in the caller's language; the import reads columns by position, so a
 * template filled in any language imports the same.
 */

type Words = Record<Lang, string>;
const w = (en: string, cn: string, vi: string, po: string, de: string, es: string, he: string, pt: string): Words => ({
  en,
  cn,
  vi,
  po,
  de,
  es,
  he,
  pt,
});

export const HEADINGS = {
  sn: w(
    'Serial number',
    '序列号',
    'Số sê-ri',
    'Numer seryjny',
    'Seriennummer',
    'Número de serie',
    'מספר סידורי',
    'Número de série',
  ),
  key: w(
    'Registration key',
    '注册码',
    'Mã đăng ký',
    'Klucz rejestracji',
    'Registrierungsschlüssel',
    'Clave de registro',
    'מפתח רישום',
    'Chave de registo',
  ),
  password: w(
    'Connection password',
    '连接密码',
    'Mật khẩu kết nối',
    'Hasło połączenia',
    'Verbindungspasswort',
    'Contraseña de conexión',
    'סיסמת חיבור',
    'Palavra-passe de ligação',
  ),
  alias: w('Alias', '别名', 'Bí danh', 'Alias', 'Alias', 'Alias', 'כינוי', 'Alias'),
  plant: w('Plant', '电站', 'Nhà máy', 'Elektrownia', 'Anlage', 'Planta', 'תחנה', 'Central'),
  status: w('Status', '状态', 'Trạng thái', 'Stan', 'Status', 'Estado', 'מצב', 'Estado'),
  locked: w('Locked', '锁定', 'Đã khóa', 'Zablokowana', 'Gesperrt', 'Bloqueado', 'נעול', 'Bloqueado'),
  commType: w(
    'Communication',
    '通讯方式',
    'Kết nối',
    'Komunikacja',
    'Kommunikation',
    'Comunicación',
    'תקשורת',
    'Comunicação',
  ),
  rssi: w(
    'Signal (dBm)',
    '信号 (dBm)',
    'Tín hiệu (dBm)',
    'Sygnał (dBm)',
    'Signal (dBm)',
    'Señal (dBm)',
    'אות (dBm)',
    'Sinal (dBm)',
  ),
  interval: w(
    'Upload interval (s)',
    '上传间隔 (秒)',
    'Chu kỳ tải lên (giây)',
    'Interwał wysyłania (s)',
    'Upload-Intervall (s)',
    'Intervalo de envío (s)',
    'מרווח העלאה (שנ׳)',
    'Intervalo de envio (s)',
  ),
  firmware: w(
    'Software version',
    '软件版本',
    'Phiên bản phần mềm',
    'Wersja oprogramowania',
    'Softwareversion',
    'Versión de software',
    'גרסת תוכנה',
    'Versão de software',
  ),
  devices: w('Devices', '设备数', 'Thiết bị', 'Urządzenia', 'Geräte', 'Dispositivos', 'התקנים', 'Dispositivos'),
  lastSeen: w(
    'Last seen (UTC)',
    '最后在线 (UTC)',
    'Lần cuối trực tuyến (UTC)',
    'Ostatnio widziana (UTC)',
    'Zuletzt gesehen (UTC)',
    'Última conexión (UTC)',
    'נראה לאחרונה (UTC)',
    'Última ligação (UTC)',
  ),
  on: w('On', '开', 'Bật', 'Włączony', 'Ein', 'Encendido', 'פועל', 'Ligado'),
  power: w(
    'Power (W)',
    '功率 (W)',
    'Công suất (W)',
    'Moc (W)',
    'Leistung (W)',
    'Potencia (W)',
    'הספק (W)',
    'Potência (W)',
  ),
  children: w(
    'Child nodes',
    '子节点',
    'Nút con',
    'Węzły podrzędne',
    'Unterknoten',
    'Nodos hijos',
    'צמתי משנה',
    'Nós filhos',
  ),
} as const;
export type Heading = keyof typeof HEADINGS;

const WORDS = {
  online: w('Online', '在线', 'Trực tuyến', 'Online', 'Online', 'En línea', 'מקוון', 'Online'),
  offline: w('Offline', '离线', 'Ngoại tuyến', 'Offline', 'Offline', 'Sin conexión', 'לא מקוון', 'Offline'),
  yes: w('Yes', '是', 'Có', 'Tak', 'Ja', 'Sí', 'כן', 'Sim'),
  no: w('No', '否', 'Không', 'Nie', 'Nein', 'No', 'לא', 'Não'),
} as const;

export function word(key: keyof typeof WORDS, lang: Lang): string {
  return WORDS[key][lang];
}

export type Cell = string | number | null;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends a one-sheet workbook as an attachment named `<name>-<YYYYMMDD>.xlsx`. */
export async function sendXlsx(
  reply: FastifyReply,
  opts: { name: string; lang: Lang; headings: readonly Heading[]; rows: Cell[][]; dated?: boolean },
): Promise<FastifyReply> {
  let buffer: ArrayBuffer;
  try {
    const wb = new ExcelJS.Workbook();
    wb.creator = 'Heliograph';
    const ws = wb.addWorksheet(opts.name, { views: [{ state: 'frozen', ySplit: 1, rightToLeft: opts.lang === 'he' }] });
    ws.columns = opts.headings.map((h) => ({
      header: HEADINGS[h][opts.lang],
      width: Math.max(14, HEADINGS[h][opts.lang].length + 4),
    }));
    ws.getRow(1).font = { bold: true };
    for (const r of opts.rows) ws.addRow(r);
    buffer = await wb.xlsx.writeBuffer();
  } catch {
    throw new AppError('fileGenerationFailed');
  }
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const file = opts.dated === false ? `${opts.name}.xlsx` : `${opts.name}-${day}.xlsx`;
  return reply
    .header('content-type', XLSX)
    .header('content-disposition', `attachment; filename="${file}"`)
    .send(Buffer.from(buffer));
}
