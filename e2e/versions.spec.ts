import { DEMO, expect, signIn, test } from './support';

/**
 * Console versions (issue 14 item 7): a platform administrator publishes a version with notes; a company user
 * sees the 800 px version dialog once, acknowledges it, and after a reload it stays away; the update log shows
 * the version and the footer the running one. The version is deleted at the end (through the confirmation),
 * so no later spec meets a dialog it did not ask for.
 */
test('a published version greets a company user once, and shows in the update log', async ({ page, browser }) => {
  const version = '9.0.0';
  const notes = 'Versions: release notes in every language and a dialog that shows once.';
  // The user's page is the fixture's (axe scans it); the administrator signs in in a context of their own.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const user = page;
  try {
    await signIn(admin, DEMO.platform_admin);
    await admin.goto('/management/versions');
    await expect(admin.getByTestId('versions-table')).toBeVisible();
    await admin.getByTestId('version-create').click();
    const editor = admin.getByRole('dialog', { name: 'Publish a console version' });
    // English is required: publishing without it names the missing notes and publishes nothing.
    await editor.getByTestId('version-number').fill(version);
    await editor.getByRole('button', { name: 'Publish version' }).click();
    await expect(editor.getByText('Enter the release notes in English.')).toBeVisible();
    await editor.getByTestId('version-notes-en').fill(notes);
    await editor.getByRole('tab', { name: 'Deutsch' }).click();
    await editor.getByTestId('version-notes-de').fill('Versionen: Hinweise in jeder Sprache.');
    await editor.getByRole('button', { name: 'Publish version' }).click();
    await expect(editor).toBeHidden();
    await expect(admin.getByTestId('versions-table').getByRole('row', { name: new RegExp(version) })).toBeVisible();

    // A company user signing in is shown the new version once.
    await signIn(user, DEMO.company_staff);
    const dialog = user.getByRole('dialog', { name: `What's new in version ${version}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('version-dialog')).toContainText(notes);
    // Spec §9: the version dialog is 800 px wide.
    expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(800);
    await user.getByTestId('version-dialog-ok').click();
    await expect(dialog).toBeHidden();

    // After a reload the shell asks again, and the answer is "already seen".
    const checked = user.waitForResponse((r) => r.url().includes('/api/v1/version/check') && r.status() !== 401);
    await user.reload();
    await expect((await (await checked).json()) as { data: { show: boolean } }).toMatchObject({
      data: { show: false },
    });
    await expect(user.getByTestId('user-menu')).toBeVisible();
    await expect(user.getByTestId('version-dialog')).toHaveCount(0);

    // The footer shows the running version and links to the update log, which lists the new version first.
    const running = user.getByTestId('running-version');
    await expect(running).toHaveText(/^Version \d+\.\d+\.\d+/);
    await running.click();
    await expect(user).toHaveURL(/\/systemupdate$/);
    const first = user.getByTestId('update-entry').first();
    await expect(first.getByRole('heading', { name: new RegExp(`Version ${version}`) })).toBeVisible();
    await expect(first.getByText(notes)).toBeVisible();
  } finally {
    // Delete it again, through the confirmation. The administrator's account is older than the version too, so
    // the dialog greets them first: they read it.
    const adminChecked = admin.waitForResponse((r) => r.url().includes('/api/v1/version/check') && r.status() !== 401);
    await admin.goto('/management/versions');
    const answer = (await (await adminChecked).json()) as { data: { show: boolean } };
    if (answer.data.show) await admin.getByTestId('version-dialog-ok').click();
    await admin.getByTestId(`version-delete-${version}`).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(admin.getByTestId(`version-delete-${version}`)).toHaveCount(0);
    await adminContext.close();
  }
});
