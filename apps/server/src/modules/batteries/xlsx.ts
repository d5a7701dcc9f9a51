import ExcelJS from 'exceljs';
import { localTime, type Lang } from '@heliograph/shared';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../http/errors.js';

/**
 * .xlsx exports of the battery, meter, weather-station and event lists: headings and status words in the
 * caller's language, times in the plant's own time zone (what the people on site read on their devices).
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
  alias: w('Alias', '别名', 'Tên gọi', 'Alias', 'Alias', 'Alias', 'כינוי', 'Apelido'),
  plant: w('Plant', '电站', 'Nhà máy', 'Elektrownia', 'Anlage', 'Planta', 'תחנה', 'Usina'),
  gateway: w('Gateway', '网关', 'Gateway', 'Bramka', 'Gateway', 'Pasarela', 'שער', 'Gateway'),
  model: w('Model', '型号', 'Mẫu', 'Model', 'Modell', 'Modelo', 'דגם', 'Modelo'),
  status: w('Status', '状态', 'Trạng thái', 'Stan', 'Status', 'Estado', 'מצב', 'Estado'),
  updated: w(
    'Last update',
    '最后更新',
    'Cập nhật cuối',
    'Ostatnia aktualizacja',
    'Letzte Aktualisierung',
    'Última actualización',
    'עדכון אחרון',
    'Última atualização',
  ),
  role: w('Role', '角色', 'Vai trò', 'Rola', 'Rolle', 'Función', 'תפקיד', 'Função'),
  capacity: w(
    'Capacity (kWh)',
    '容量 (kWh)',
    'Dung lượng (kWh)',
    'Pojemność (kWh)',
    'Kapazität (kWh)',
    'Capacidad (kWh)',
    'קיבולת (kWh)',
    'Capacidade (kWh)',
  ),
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
  soc: w('SOC (%)', 'SOC (%)', 'SOC (%)', 'SOC (%)', 'SOC (%)', 'SOC (%)', 'SOC (%)', 'SOC (%)'),
  soh: w('SOH (%)', 'SOH (%)', 'SOH (%)', 'SOH (%)', 'SOH (%)', 'SOH (%)', 'SOH (%)', 'SOH (%)'),
  voltage: w(
    'Voltage (V)',
    '电压 (V)',
    'Điện áp (V)',
    'Napięcie (V)',
    'Spannung (V)',
    'Tensión (V)',
    'מתח (V)',
    'Tensão (V)',
  ),
  current: w(
    'Current (A)',
    '电流 (A)',
    'Dòng điện (A)',
    'Prąd (A)',
    'Strom (A)',
    'Corriente (A)',
    'זרם (A)',
    'Corrente (A)',
  ),
  temperature: w(
    'Temperature (°C)',
    '温度 (°C)',
    'Nhiệt độ (°C)',
    'Temperatura (°C)',
    'Temperatur (°C)',
    'Temperatura (°C)',
    'טמפרטורה (°C)',
    'Temperatura (°C)',
  ),
  cycles: w('Cycles', '循环次数', 'Số chu kỳ', 'Cykle', 'Zyklen', 'Ciclos', 'מחזורים', 'Ciclos'),
  gridPower: w(
    'Grid power (W)',
    '电网功率 (W)',
    'Công suất lưới (W)',
    'Moc sieci (W)',
    'Netzleistung (W)',
    'Potencia de red (W)',
    'הספק רשת (W)',
    'Potência da rede (W)',
  ),
  imported: w(
    'Bought total (kWh)',
    '累计购电 (kWh)',
    'Tổng mua (kWh)',
    'Pobrano łącznie (kWh)',
    'Bezug gesamt (kWh)',
    'Comprado total (kWh)',
    'סה״כ נקנה (kWh)',
    'Comprado total (kWh)',
  ),
  exported: w(
    'Sold total (kWh)',
    '累计售电 (kWh)',
    'Tổng bán (kWh)',
    'Oddano łącznie (kWh)',
    'Einspeisung gesamt (kWh)',
    'Vendido total (kWh)',
    'סה״כ נמכר (kWh)',
    'Vendido total (kWh)',
  ),
  master: w(
    'Master meter',
    '主电表',
    'Đồng hồ chính',
    'Licznik główny',
    'Hauptzähler',
    'Contador principal',
    'מונה ראשי',
    'Medidor principal',
  ),
  irradiance: w(
    'Irradiance (W/m²)',
    '辐照度 (W/m²)',
    'Bức xạ (W/m²)',
    'Nasłonecznienie (W/m²)',
    'Einstrahlung (W/m²)',
    'Irradiancia (W/m²)',
    'קרינה (W/m²)',
    'Irradiância (W/m²)',
  ),
  ambient: w(
    'Ambient temperature (°C)',
    '环境温度 (°C)',
    'Nhiệt độ môi trường (°C)',
    'Temperatura otoczenia (°C)',
    'Umgebungstemperatur (°C)',
    'Temperatura ambiente (°C)',
    'טמפרטורת סביבה (°C)',
    'Temperatura ambiente (°C)',
  ),
  module: w(
    'Module temperature (°C)',
    '组件温度 (°C)',
    'Nhiệt độ tấm pin (°C)',
    'Temperatura modułu (°C)',
    'Modultemperatur (°C)',
    'Temperatura del módulo (°C)',
    'טמפרטורת פאנל (°C)',
    'Temperatura do módulo (°C)',
  ),
  wind: w(
    'Wind speed (m/s)',
    '风速 (m/s)',
    'Tốc độ gió (m/s)',
    'Prędkość wiatru (m/s)',
    'Windgeschwindigkeit (m/s)',
    'Velocidad del viento (m/s)',
    'מהירות רוח (m/s)',
    'Velocidade do vento (m/s)',
  ),
  raised: w(
    'Raised',
    '发生时间',
    'Thời điểm phát sinh',
    'Wystąpienie',
    'Aufgetreten',
    'Producido',
    'הופיע',
    'Ocorrido',
  ),
  cleared: w('Cleared', '恢复时间', 'Thời điểm xóa', 'Usunięcie', 'Behoben', 'Resuelto', 'נוקה', 'Resolvido'),
  level: w('Type', '类型', 'Loại', 'Typ', 'Typ', 'Tipo', 'סוג', 'Tipo'),
  code: w('Code', '代码', 'Mã', 'Kod', 'Code', 'Código', 'קוד', 'Código'),
  device: w('Device', '设备', 'Thiết bị', 'Urządzenie', 'Gerät', 'Dispositivo', 'התקן', 'Dispositivo'),
  meaning: w('Meaning', '含义', 'Ý nghĩa', 'Znaczenie', 'Bedeutung', 'Significado', 'משמעות', 'Significado'),
  solution: w('Solution', '解决方法', 'Cách xử lý', 'Rozwiązanie', 'Lösung', 'Solución', 'פתרון', 'Solução'),
} as const;
export type Heading = keyof typeof HEADINGS;

export const WORDS = {
  normal: w('Normal', '正常', 'Bình thường', 'Normalny', 'Normal', 'Normal', 'תקין', 'Normal'),
  warning: w('Warning', '告警', 'Cảnh báo', 'Ostrzeżenie', 'Warnung', 'Advertencia', 'אזהרה', 'Alerta'),
  fault: w('Fault', '故障', 'Lỗi', 'Awaria', 'Störung', 'Fallo', 'תקלה', 'Falha'),
  offline: w('Offline', '离线', 'Ngoại tuyến', 'Offline', 'Offline', 'Sin conexión', 'לא מקוון', 'Offline'),
  info: w('Information', '提示', 'Thông tin', 'Informacja', 'Information', 'Información', 'מידע', 'Informação'),
  upgrading: w(
    'Upgrading',
    '升级中',
    'Đang nâng cấp',
    'Aktualizacja',
    'Aktualisierung',
    'Actualizando',
    'משדרג',
    'Atualizando',
  ),
  protect: w('Protection', '保护', 'Bảo vệ', 'Ochrona', 'Schutz', 'Protección', 'הגנה', 'Proteção'),
  master: w('Master', '主机', 'Chính', 'Główny', 'Master', 'Maestro', 'ראשי', 'Mestre'),
  slave: w('Slave', '从机', 'Phụ', 'Podrzędny', 'Slave', 'Esclavo', 'משני', 'Escravo'),
  yes: w('Yes', '是', 'Có', 'Tak', 'Ja', 'Sí', 'כן', 'Sim'),
  no: w('No', '否', 'Không', 'Nie', 'Nein', 'No', 'לא', 'Não'),
  open: w('Open', '未恢复', 'Chưa xử lý', 'Otwarte', 'Offen', 'Abierto', 'פתוח', 'Aberto'),
} as const;

export function word(key: string, lang: Lang): string {
  return (WORDS as Record<string, Words>)[key]?.[lang] ?? key;
}

/** A time as the plant's clock shows it: YYYY-MM-DD HH:mm. */
export function plantClock(ms: number | null, tz: string): string {
  if (ms === null) return '';
  const t = localTime(ms, tz);
  const hh = String(Math.floor(t.minuteOfDay / 60)).padStart(2, '0');
  const mm = String(t.minuteOfDay % 60).padStart(2, '0');
  return `${t.day} ${hh}:${mm}`;
}

export type Cell = string | number | null;

/** Sends a one-sheet workbook as an attachment named `<name>-<YYYYMMDD>.xlsx`. */
export async function sendXlsx(
  reply: FastifyReply,
  opts: { name: string; lang: Lang; headings: readonly Heading[]; rows: Cell[][] },
): Promise<FastifyReply> {
  let buffer: ArrayBuffer;
  try {
    const wb = new ExcelJS.Workbook();
    wb.creator = 'Heliograph';
    const ws = wb.addWorksheet(opts.name, { views: [{ state: 'frozen', ySplit: 1, rightToLeft: opts.lang === 'he' }] });
    ws.columns = opts.headings.map((h) => ({
      header: HEADINGS[h][opts.lang],
      width: Math.max(12, HEADINGS[h][opts.lang].length + 4),
    }));
    ws.getRow(1).font = { bold: true };
    for (const r of opts.rows) ws.addRow(r);
    buffer = await wb.xlsx.writeBuffer();
  } catch {
    throw new AppError('fileGenerationFailed');
  }
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${opts.name}-${day}.xlsx"`)
    .send(Buffer.from(buffer));
}
