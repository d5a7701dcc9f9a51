// Screenshots of console versions (issue 14 item 7), en and he, desktop and phone: versions-manage-*,
// versions-update-log-* and versions-dialog-*.png, with an axe scan of each (serious or critical findings are
// printed and fail the run). Publishes version 0.2.0 with notes in the eight languages first, unless it exists.
// Usage: node apps/web/scripts/versions-screenshots.mjs [baseUrl] [outDir] [langs]
// Needs a running server (npm start) and Debian's Chromium.
import AxeBuilder from '@axe-core/playwright';
import { api, args, launch, signedInPage, SIZES } from './shoot.mjs';

const { base, out, password } = args('platform@heliograph.example');
const langs = (process.argv[4] ?? 'en,he').split(',');
const browser = await launch();
let failed = false;

const NOTES = {
  en: 'Console versions: platform administrators publish release notes in every language.\nThe update log lists every version, and a dialog shows each new one once.',
  cn: '控制台版本：平台管理员以每种语言发布更新说明。\n更新日志列出所有版本，每个新版本会弹出一次对话框。',
  vi: 'Phiên bản bảng điều khiển: quản trị viên nền tảng phát hành ghi chú bằng mọi ngôn ngữ.\nNhật ký cập nhật liệt kê mọi phiên bản, và mỗi phiên bản mới hiện hộp thoại một lần.',
  po: 'Wersje konsoli: administratorzy platformy publikują informacje o wydaniu w każdym języku.\nDziennik aktualizacji wymienia każdą wersję, a okno każdej nowej pojawia się raz.',
  de: 'Konsolenversionen: Plattformadministratoren veröffentlichen Hinweise in jeder Sprache.\nDas Update-Protokoll listet jede Version, und ein Dialog zeigt jede neue einmal.',
  es: 'Versiones de la consola: los administradores publican notas en todos los idiomas.\nEl registro de actualizaciones lista cada versión y un diálogo muestra cada nueva una vez.',
  he: 'גרסאות מסוף: מנהלי הפלטפורמה מפרסמים הערות שחרור בכל שפה.\nיומן העדכונים מציג כל גרסה, וחלון מציג כל גרסה חדשה פעם אחת.',
  pt: 'Versões do console: administradores publicam notas de versão em todos os idiomas.\nO registro de atualizações lista cada versão, e uma janela mostra cada nova uma vez.',
};

async function axe(page, name) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of bad) {
    failed = true;
    console.error(`axe ${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
}

async function shot(page, name) {
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/${name}.png` });
  await axe(page, name);
}

try {
  for (const lang of langs) {
    for (const size of SIZES) {
      const suffix = `${lang === 'en' ? '' : `${lang}-`}${size.name}`;
      // The platform administrator's list; the dialog is answered "already seen" so the page shows.
      const admin = await signedInPage(
        browser,
        { base, account: 'platform@heliograph.example', password },
        size.width,
        size.height,
        lang,
      );
      const versions = await api(admin.page, '/api/v1/versions');
      if (!versions.rows.some((v) => v.version === '0.2.0'))
        await api(admin.page, '/api/v1/version', { version: '0.2.0', notes: NOTES });
      await admin.page.route(/\/api\/v1\/version\/check/, (route) =>
        route.fulfill({ json: { code: 0, data: { show: false, version: null }, msg: '' } }),
      );
      await admin.page.goto(`${base}/management/versions`);
      await admin.page.locator('[data-testid="versions-table"] tr.ant-table-row').first().waitFor({ timeout: 15000 });
      await shot(admin.page, `versions-manage-${suffix}`);
      await admin.page.goto(`${base}/systemupdate`);
      await admin.page.getByTestId('update-entry').first().waitFor({ timeout: 15000 });
      await shot(admin.page, `versions-update-log-${suffix}`);
      await admin.context.close();

      // A company member who has not read 0.2.0 yet: the version dialog (closed without "Got it", so unread).
      const member = await signedInPage(
        browser,
        { base, account: 'staff@sunrise.example', password },
        size.width,
        size.height,
        lang,
      );
      await member.page.getByTestId('version-dialog-ok').waitFor({ timeout: 15000 });
      await shot(member.page, `versions-dialog-${suffix}`);
      await member.context.close();
      console.log(`shot ${lang} ${size.name}`);
    }
  }
} finally {
  await browser.close();
}
if (failed) process.exit(1);
