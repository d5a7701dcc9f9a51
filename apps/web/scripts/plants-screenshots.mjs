// My Plants screenshots (issue 4): the list and the map at 1440 and 390, and the list in Hebrew.
// Usage: node apps/web/scripts/plants-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
import { args, eachLangAndSize, launch, signIn } from './shoot.mjs';

const { base, out, langs, account, password } = args('admin@sunrise.example');
const browser = await launch();
try {
  await eachLangAndSize(browser, langs, async (page, lang, size) => {
    await signIn(page, base, account, password);
    const suffix = lang === 'en' ? size.name : `${lang}-${size.name}`;
    await page.goto(`${base}/plants?view=${size.width < 768 ? 'cards' : 'table'}`);
    await page.getByTestId('plant-link').first().waitFor({ timeout: 20000 });
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${out}/plants-list-${suffix}.png`, fullPage: size.width < 768 });
    if (lang !== 'en') return;
    await page.getByTestId('plants-view').getByText(/map/i).click();
    await page.getByTestId('plant-map-link').first().waitFor({ timeout: 20000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${out}/plants-map-${suffix}.png`, fullPage: size.width < 768 });
  });
} finally {
  await browser.close();
}
