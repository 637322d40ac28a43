import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFileSize, type AssetListResponse } from '#shared/schemas/admin-lists.ts';
import type { CardAssetsResponse } from '#shared/schemas/site.ts';
import { openAdmin, pageOverflow, seriousAxeViolations } from './helpers/admin.ts';
import { launchBrowser } from './helpers/browser.ts';
import { startBuiltServer, staffSignIn, type RunningServer } from './helpers/server.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 8_000 });

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A real card-sized PNG in one flat colour. */
const cardPng = (colour: string) =>
  sharp({ create: { width: 856, height: 540, channels: 3, background: colour } })
    .png()
    .toBuffer();

const SCRIPTED_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540" viewBox="0 0 856 540" onload="alert(1)">
  <script>alert('stolen')</script>
  <rect width="856" height="540" fill="#1F2B66"/>
</svg>`;

const rowOf = (page: Page, fileName: string) =>
  page.locator('tbody tr').filter({ hasText: fileName });

async function chooseTier(page: Page, tier: string) {
  await page.getByRole('combobox', { name: 'Tier', exact: true }).click();
  await page.getByRole('option', { name: tier, exact: true }).click();
}

async function pickFile(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.getByLabel('Image file').setInputFiles({ name, mimeType, buffer });
}

/** Uploads and deletes change /cards for every visitor: their own server. */
describe('Assets tab (own server)', () => {
  let server: RunningServer;
  let token: string;

  const staffList = async () => {
    const response = await fetch(`${server.baseURL}/api/admin-asset-list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-pass': token },
      body: '{}',
    });
    return ((await response.json()) as AssetListResponse).assets;
  };
  const publicAssets = async () => {
    const response = await fetch(`${server.baseURL}/api/card-assets`);
    return ((await response.json()) as CardAssetsResponse).data;
  };

  beforeAll(async () => {
    server = await startBuiltServer();
    token = await staffSignIn(server.baseURL);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const openAssets = (options: { viewport?: typeof PHONE; allowConsole?: RegExp[] } = {}) =>
    openAdmin(openPage, { baseURL: server.baseURL, tab: 'Assets', ...options });

  it('starts empty, then a PNG uploaded for Titan is listed with its size and date, and /cards serves it', async () => {
    const page = await openAssets();
    await page.getByText('No card artwork uploaded yet').waitFor();

    await pickFile(page, 'titan-card.png', 'image/png', await cardPng('#A2A6AC'));
    await chooseTier(page, 'Titan');
    await page.getByRole('button', { name: 'Upload' }).click();
    await toast(page, 'Asset uploaded successfully').waitFor();

    const row = rowOf(page, 'titan-card.png');
    await row.waitFor();
    const [stored] = await staffList();
    expect(stored).toMatchObject({ tier: 'titan', file_name: 'titan-card.png' });
    const cells = await row.locator('td').allTextContents();
    expect(cells[1]).toBe('TitanOn /cards');
    expect(cells[3]).toBe(formatFileSize(stored!.file_size));
    expect(cells[3]).toMatch(/^\d+(\.\d)? (Bytes|KB|MB)$/);
    expect(cells[4]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    // The preview is the public file itself, and it loads.
    const preview = row.getByRole('img', { name: 'Titan card artwork' });
    expect(await preview.getAttribute('src')).toBe(stored!.url);
    await poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(856);

    // The form is ready for the next one.
    expect(await page.getByLabel('Image file').inputValue()).toBe('');
    expect(await page.getByRole('combobox', { name: 'Tier' }).textContent()).toBe('Choose a tier');

    expect(await publicAssets()).toEqual([
      { tier: 'titan', url: stored!.url, uploaded_at: stored!.uploaded_at },
    ]);
  });

  it('an SVG with a script and an event handler is stored without them', async () => {
    const page = await openAssets();
    await pickFile(page, 'monarch.svg', 'image/svg+xml', Buffer.from(SCRIPTED_SVG));
    await chooseTier(page, 'Monarch');
    await page.getByRole('button', { name: 'Upload' }).click();
    await toast(page, 'Asset uploaded successfully').waitFor();
    await rowOf(page, 'monarch.svg').waitFor();

    const stored = (await staffList()).find((asset) => asset.file_name === 'monarch.svg');
    expect(stored).toBeDefined();
    const served = await (await fetch(`${server.baseURL}${stored!.url}`)).text();
    expect(served).toContain('<rect');
    expect(served.toLowerCase()).not.toContain('<script');
    expect(served.toLowerCase()).not.toContain('onload');
    expect(served).not.toContain('alert');
  });

  it("checks the form before sending: 'Missing information' and 'Invalid file type'", async () => {
    const page = await openAssets();
    await page.getByRole('heading', { name: 'Card artwork', exact: true }).waitFor();
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin-asset-upload')) uploads.push(request.url());
    });
    const upload = page.getByRole('button', { name: 'Upload' });

    await upload.click();
    await toast(page, 'Missing information').waitFor();
    expect(await page.getByLabel('Image file').getAttribute('aria-invalid')).toBe('true');

    await pickFile(page, 'noir.png', 'image/png', await cardPng('#1B1B1F'));
    await upload.click();
    // The field says so (the toast may repeat it).
    const panel = page.getByRole('tabpanel', { name: 'Assets' });
    await poll(() => panel.getByText('Please choose a tier.').isVisible()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Tier' }).getAttribute('aria-invalid')).toBe(
      'true',
    );

    await pickFile(page, 'card.jpg', 'image/jpeg', Buffer.from('not really a jpeg'));
    await chooseTier(page, 'Noir');
    await upload.click();
    await toast(page, 'Invalid file type').waitFor();
    expect(uploads).toEqual([]);
  });

  it("the server decides by content: text named .png gives 'Upload failed' with its reason", async () => {
    const page = await openAssets({ allowConsole: [/admin-asset-upload failed/, /415/] });
    await page.getByRole('heading', { name: 'Card artwork', exact: true }).waitFor();
    await pickFile(page, 'fake.png', 'image/png', Buffer.from('<html>not an image</html>'));
    await chooseTier(page, 'Standard');
    await page.getByRole('button', { name: 'Upload' }).click();
    await toast(page, 'Upload failed').filter({ hasText: 'Invalid file type' }).waitFor();
    expect((await staffList()).some((asset) => asset.file_name === 'fake.png')).toBe(false);
  });

  it('/cards picks the newest per tier; deleting it (after confirming) falls back to the one before', async () => {
    const page = await openAssets();
    await pickFile(page, 'noir-old.png', 'image/png', await cardPng('#111111'));
    await chooseTier(page, 'Noir');
    await page.getByRole('button', { name: 'Upload' }).click();
    await rowOf(page, 'noir-old.png').waitFor();
    await pickFile(page, 'noir-new.png', 'image/png', await cardPng('#222222'));
    await chooseTier(page, 'Noir');
    await page.getByRole('button', { name: 'Upload' }).click();
    await rowOf(page, 'noir-new.png').waitFor();

    const list = await staffList();
    const oldNoir = list.find((asset) => asset.file_name === 'noir-old.png')!;
    const newNoir = list.find((asset) => asset.file_name === 'noir-new.png')!;
    const noirOnCards = async () => (await publicAssets()).find((a) => a.tier === 'noir')?.url;
    expect(await noirOnCards()).toBe(newNoir.url);
    expect(await rowOf(page, 'noir-new.png').getByText('On /cards').count()).toBe(1);
    expect(await rowOf(page, 'noir-old.png').getByText('On /cards').count()).toBe(0);

    // Cancel keeps it.
    await rowOf(page, 'noir-new.png')
      .getByRole('button', { name: /Delete/ })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this asset?' });
    await dialog.waitFor();
    expect(await dialog.getByText('noir-new.png (Noir)', { exact: false }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await poll(() => dialog.count()).toBe(0);
    expect(await rowOf(page, 'noir-new.png').count()).toBe(1);

    // Confirm deletes it.
    await rowOf(page, 'noir-new.png')
      .getByRole('button', { name: /Delete/ })
      .click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Asset deleted successfully').waitFor();
    await poll(() => rowOf(page, 'noir-new.png').count()).toBe(0);
    expect(await noirOnCards()).toBe(oldNoir.url);
    await poll(() => rowOf(page, 'noir-old.png').getByText('On /cards').count()).toBe(1);
    expect((await fetch(`${server.baseURL}${newNoir.url}`)).status).toBe(404);
  });

  it("failures: 'Delete failed' keeps the row; 'Failed to load assets' when the list cannot load", async () => {
    const page = await openAssets({
      allowConsole: [/admin-asset-(delete|list) failed/, /500 \(Internal Server Error\)/],
    });
    await rowOf(page, 'noir-old.png').waitFor();
    await page.route('**/api/admin-asset-delete', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error: 'Something went wrong' }),
      }),
    );
    await rowOf(page, 'noir-old.png')
      .getByRole('button', { name: /Delete/ })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Delete failed').waitFor();
    expect(await rowOf(page, 'noir-old.png').count()).toBe(1);

    await page.route('**/api/admin-asset-list', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error: 'Something went wrong' }),
      }),
    );
    await page.reload();
    await toast(page, 'Failed to load assets').waitFor();
    await page.getByRole('alert').filter({ hasText: 'Failed to load assets' }).waitFor();
  });

  it('readable at 375 px and no serious axe violation, the delete dialog included', async () => {
    const page = await openAssets({ viewport: PHONE });
    await rowOf(page, 'noir-old.png').waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await rowOf(page, 'noir-old.png')
      .getByRole('button', { name: /Delete/ })
      .click();
    await page.getByRole('alertdialog').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });
});
