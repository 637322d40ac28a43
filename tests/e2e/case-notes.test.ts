import { describe, expect, it } from 'vitest';
import { openAdmin } from './helpers/admin.ts';
import { seedApplicant } from './helpers/applicant.ts';
import { baseURL, launchBrowser } from './helpers/browser.ts';

const { openPage } = launchBrowser();

/**
 * Case notes (CONTRACT §9): an operations clerk writes what the record does not say, and it is
 * on the case at once, newest first, with who wrote it; a colleague opening the case later
 * reads it too.
 */
describe('staff panel: case notes', () => {
  it('adds a note that the case shows at once and to the next member who opens it', async () => {
    const applicant = await seedApplicant(baseURL, 'detailed');
    const page = await openAdmin(openPage, { role: 'operations' });
    await page.goto(`/admin/applicants/${applicant.basicId}`);
    const form = page.getByRole('form', { name: 'Add a note' });
    await form.waitFor();
    await page.getByText('No notes yet.').waitFor();

    // An empty note is refused with the schema's words, and nothing is added.
    await form.getByRole('button', { name: 'Add note' }).click();
    await form.getByText('Please write a note').waitFor();

    const note = 'Called the applicant, awaiting proof of address';
    await form.getByLabel('New note').fill(note);
    await form.getByRole('button', { name: 'Add note' }).click();
    const list = page.getByRole('list', { name: 'Case notes, newest first' });
    await list.getByText(note).waitFor();
    await expect(form.getByLabel('New note').inputValue()).resolves.toBe('');
    await form.getByLabel('New note').fill('Proof of address received by post');
    await form.getByRole('button', { name: 'Add note' }).click();
    await list.getByText('Proof of address received by post').waitFor();
    expect(await list.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Proof of address received by post'),
      expect.stringContaining(note),
    ]);
    expect(await list.getByRole('listitem').first().innerText()).toContain('Operations Tester');

    // A compliance officer opening the case reads the same notes.
    const colleague = await openAdmin(openPage, { role: 'compliance' });
    await colleague.goto(`/admin/applicants/${applicant.basicId}`);
    await colleague
      .getByRole('list', { name: 'Case notes, newest first' })
      .getByText(note)
      .waitFor();
  });
});
