// Screenshots of passkeys (the account page's security tab with a passkey, the login page's passkey step), for
// docs/screenshots and visual review.
// Usage: node apps/web/scripts/passkey-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
// Needs a running server (npm start) opened by a host name (http://localhost:8080, never an IP address: a
// passkey's relying party is a host name) and Debian's Chromium, whose virtual authenticator makes the passkey.
// Leaves the account without passkeys.
import { args, launch, signedInPage, api, SIZES } from './shoot.mjs';

const { base, out, langs, account, password } = args('staff@sunrise.example');
const browser = await launch();
const settle = async (page) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(700);
};

/** A context of its own size and language, signed in with the storage of `from` (or anonymous). */
async function contextFor(width, height, lang, storageState) {
  const context = await browser.newContext({
    viewport: { width, height },
    isMobile: width < 768,
    hasTouch: width < 768,
    ...(storageState ? { storageState } : {}),
  });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${lang}-${width}] page error:`, e.message));
  return { context, page };
}

// The owner's session: adds the passkey with Chromium's virtual authenticator and removes it at the end.
const owner = await signedInPage(browser, { base, account, password }, 1440, 900, 'en');
const cdp = await owner.context.newCDPSession(owner.page);
await cdp.send('WebAuthn.enable');
await cdp.send('WebAuthn.addVirtualAuthenticator', {
  options: {
    protocol: 'ctap2',
    transport: 'internal',
    hasResidentKey: true,
    hasUserVerification: true,
    isUserVerified: true,
  },
});
try {
  await owner.page.goto(`${base}/edit?tab=security`);
  await owner.page.getByTestId('passkey-add').click();
  await owner.page.getByTestId('passkey-name').fill('MacBook Pro');
  await owner.page.getByRole('dialog').locator('button[type=submit]').click();
  await owner.page.getByTestId('passkey-row').waitFor();
  const signedIn = await owner.context.storageState();

  for (const lang of langs) {
    for (const size of SIZES) {
      const suffix = `${lang === 'en' ? '' : `${lang}-`}${size.name}`;
      const mine = await contextFor(size.width, size.height, lang, signedIn);
      await mine.page.goto(`${base}/edit?tab=security`);
      await mine.page.getByTestId('passkey-row').waitFor();
      await settle(mine.page);
      await mine.page.screenshot({ path: `${out}/account-passkeys-${suffix}.png`, fullPage: true });
      await mine.context.close();

      const anon = await contextFor(size.width, size.height, lang);
      await anon.page.goto(`${base}/login`);
      await anon.page.getByTestId('login-account').fill(account);
      await anon.page.getByTestId('login-password').fill(password);
      await anon.page.getByTestId('login-submit').click();
      await anon.page.getByTestId('mfa-passkey').waitFor();
      await settle(anon.page);
      await anon.page.screenshot({ path: `${out}/login-passkey-${suffix}.png`, fullPage: true });
      await anon.context.close();
      console.log(`shot ${lang} ${size.name}`);
    }
  }
} finally {
  const keys = (await api(owner.page, '/api/v1/mfa/passkeys')) ?? [];
  for (const key of keys) await api(owner.page, `/api/v1/mfa/passkey/${key.id}/delete`, {});
  await owner.context.close();
  await browser.close();
}
