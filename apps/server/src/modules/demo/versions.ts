import type { Db } from '../../db/client.js';
import { consoleVersion } from '../../db/schema.js';

const DAY = 24 * 60 * 60 * 1000;

/** Two earlier console versions, so the update log and management/versions are not empty on `npm start`. */
const VERSIONS = [
  {
    version: '0.0.9',
    daysAgo: 60,
    notes: {
      en: 'First public preview: plants, gateways and inverters with live figures.',
      cn: '首个公开预览版：电站、网关和逆变器，实时显示数据。',
      vi: 'Bản xem trước công khai đầu tiên: nhà máy, gateway và biến tần với số liệu trực tiếp.',
      po: 'Pierwsza publiczna wersja próbna: elektrownie, bramki i falowniki z danymi na żywo.',
      de: 'Erste öffentliche Vorschau: Anlagen, Gateways und Wechselrichter mit Live-Werten.',
      es: 'Primera versión preliminar pública: plantas, pasarelas e inversores con datos en directo.',
      he: 'גרסת תצוגה מקדימה ציבורית ראשונה: תחנות, שערים וממירים עם נתונים חיים.',
      pt: 'Primeira prévia pública: usinas, gateways e inversores com dados ao vivo.',
    },
  },
  {
    version: '0.1.0',
    daysAgo: 14,
    notes: {
      en: 'Firmware library with signed images, remote upgrades with progress, and the maintenance log.',
      cn: '固件库（签名镜像）、带进度的远程升级以及维护日志。',
      vi: 'Thư viện firmware với ảnh đã ký, nâng cấp từ xa có tiến trình và nhật ký bảo trì.',
      po: 'Biblioteka oprogramowania z podpisanymi obrazami, zdalne aktualizacje z postępem i dziennik serwisowy.',
      de: 'Firmware-Bibliothek mit signierten Images, Fern-Upgrades mit Fortschritt und das Wartungsprotokoll.',
      es: 'Biblioteca de firmware con imágenes firmadas, actualizaciones remotas con progreso y el registro de mantenimiento.',
      he: 'ספריית קושחה עם תמונות חתומות, שדרוגים מרחוק עם התקדמות, ויומן התחזוקה.',
      pt: 'Biblioteca de firmware com imagens assinadas, atualizações remotas com progresso e o registro de manutenção.',
    },
  },
];

/**
 * Seeds the demo's console versions, published before the demo accounts existed (they are created just
 * before this runs, and the versions are dated weeks back). The version dialog shows only versions
 * published after an account was created (versions/routes.ts GET version/check), so no demo account — and
 * so no end-to-end spec signing in as one — is greeted by a dialog it did not ask for; the pages still
 * have something to show.
 */
export async function seedDemoVersions(db: Db, opts: { platformAdminId: string | null; now?: number }): Promise<void> {
  const now = opts.now ?? Date.now();
  await db.insert(consoleVersion).values(
    VERSIONS.map((v) => ({
      version: v.version,
      notes: v.notes,
      publishedAt: new Date(now - v.daysAgo * DAY),
      publishedBy: opts.platformAdminId,
    })),
  );
}
