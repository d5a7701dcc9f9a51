// Screenshots of the sign-in page and the signed-in shell, for docs/screenshots and visual review.
// Usage: node apps/web/scripts/screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
// Needs a running server that serves apps/web/dist (npm start) and Debian's Chromium.
import { args, eachLangAndSize, launch } from './shoot.mjs';

const { base, out, langs, account, password } = args('admin@sunrise.example');
const browser = await launch();
try {
  await eachLangAndSize(browser, langs, async (page, lang, size) => {
    await page.goto(`${base}/login`);
    await page.getByTestId('login-submit').waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/login-${lang}-${size.name}.png` });
    await page.getByTestId('login-account').fill(account);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-menu').waitFor({ timeout: 15000 });
    await page.getByTestId('plants-search').waitFor();
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${out}/shell-${lang}-${size.name}.png` });
    if (process.env.EXTRA) {
      await page.goto(`${base}/edit`);
      await page.getByTestId('account-save').waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${out}/edit-${lang}-${size.name}.png`, fullPage: true });
      if (size.width < 768) {
        await page.getByTestId('menu-toggle').click();
        await page.waitForTimeout(500);
        await page.screenshot({ path: `${out}/drawer-${lang}-${size.name}.png` });
      } else {
        await page.getByTestId('user-menu').click();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${out}/usermenu-${lang}-${size.name}.png` });
      }
    }
  });
} finally {
  await browser.close();
}
