import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantCaseResponse } from '#shared/schemas/case.ts';
import { REFERENCE_REQUIRED_MESSAGE } from '#shared/schemas/casework.ts';
import { checkStaffScreen, openAdmin } from './helpers/admin.ts';
import {
  applicantCall,
  DETAILS,
  seedApplicant,
  staffCall,
  type Applicant,
} from './helpers/applicant.ts';
import { launchBrowser } from './helpers/browser.ts';
import { startBuiltServer, staffSignIn, type RunningServer } from './helpers/server.ts';

const { openPage } = launchBrowser();

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const actions = (page: Page) => page.getByRole('region', { name: 'Actions' });
const escalationBlock = (page: Page) => page.getByRole('region', { name: 'MLRO escalation' });
const article = (page: Page, name: string) => page.getByRole('article', { name });

/**
 * Case work (CONTRACT §9, issue 36 items 3 and 4): a decline asked for by compliance and
 * approved by an owner in the one approvals queue; a case escalated to the MLRO, held, and
 * decided with a report's reference. Own server: it declines and holds applicants.
 */
describe('staff panel: approvals and the MLRO (own server)', () => {
  let server: RunningServer;
  let seeds = 0;

  beforeAll(async () => {
    server = await startBuiltServer();
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
  });

  const open = (options: Parameters<typeof openAdmin>[1] = {}) =>
    openAdmin(openPage, { baseURL: server.baseURL, ...options });

  /** An applicant with details saved under a name no other test uses. */
  async function seedNamed(first: string): Promise<Applicant & { name: string }> {
    seeds += 1;
    const name = `${first} Casework${seeds}`;
    const applicant = await seedApplicant(server.baseURL, 'code_verified');
    await applicantCall(applicant, 'apply-details', {
      ...DETAILS,
      full_name: name,
      email: `${first.toLowerCase()}-${seeds}-${Date.now()}@example.com`,
    });
    return { ...applicant, name };
  }

  /** Opens the case screen of `applicant` in a panel signed in as `role`. */
  async function openCase(
    applicant: { basicId: string; name: string },
    options: Parameters<typeof openAdmin>[1] = {},
  ): Promise<Page> {
    const page = await open(options);
    await page.goto(`/admin/applicants/${applicant.basicId}`);
    await page.getByRole('heading', { level: 1, name: applicant.name }).waitFor();
    return page;
  }

  const caseOf = async (applicant: Applicant) =>
    staffCall<ApplicantCaseResponse>(
      server.baseURL,
      await staffSignIn(server.baseURL),
      'admin-applicant-case',
      { basic_id: applicant.basicId },
    );

  async function requestDecline(page: Page, reason: string) {
    await actions(page).getByRole('button', { name: 'Request decline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request decline' });
    expect(await dialog.innerText()).toContain(
      'the decline takes effect only when a second member (an owner or compliance, not you) approves it',
    );
    await dialog.getByRole('textbox', { name: 'Reason (internal)' }).fill(reason);
    await dialog.getByRole('button', { name: 'Request decline' }).click();
    await toast(page, 'Decline requested: a second member must approve it').waitFor();
    await dialog.waitFor({ state: 'hidden' });
  }

  it('compliance requests a decline; it shows as requested; an owner approves it in Approvals; the case is declined', async () => {
    const applicant = await seedNamed('Dora');
    const compliance = await openCase(applicant, { role: 'compliance' });
    await requestDecline(compliance, 'Source of funds unclear');

    // The case says who asked and when, instead of the button; the stage is unchanged.
    const note = actions(compliance).getByTestId('decline-request');
    await note.waitFor();
    expect(await note.innerText()).toContain(
      "Decline requested — waiting for a second member's approval",
    );
    expect(await note.innerText()).toMatch(
      /Requested by Compliance Tester on \d{1,2} \w{3} \d{4}, \d{2}:\d{2}: Source of funds unclear/,
    );
    expect(await note.innerText()).toContain('You asked for this: another member must approve it.');
    expect(await actions(compliance).getByRole('button', { name: 'Request decline' }).count()).toBe(
      0,
    );
    expect((await caseOf(applicant)).applicant.stage).toBe('detailed');

    // In the queue the requester has no Approve, and is told why.
    await compliance.goto('/admin?tab=approvals');
    const own = article(compliance, applicant.name);
    await own.waitFor();
    expect(await own.innerText()).toContain('You asked for this: another member must approve it');
    expect(await own.getByRole('button').count()).toBe(0);

    // An owner approves it, after a confirmation saying what happens for good.
    const owner = await open({ tab: 'Approvals' });
    const row = article(owner, applicant.name);
    await row.waitFor();
    expect(await row.innerText()).toContain('Decline');
    expect(await row.innerText()).toContain('Requested by Compliance Tester');
    expect(await row.innerText()).toContain('Source of funds unclear');
    expect(await row.innerText()).toMatch(/due in \d+ (hours|minutes)/);
    await row.getByRole('button', { name: `Approve decline for ${applicant.name}` }).click();
    const confirm = owner.getByRole('alertdialog', { name: `Decline ${applicant.name}?` });
    expect(await confirm.innerText()).toContain(
      'The applicant will be told by e-mail and on their screens that their application was not successful.',
    );
    await confirm.getByRole('button', { name: 'Approve decline' }).click();
    await toast(owner, 'Application declined').waitFor();
    await row.waitFor({ state: 'detached' });

    // The case shows the decline; nothing waits any more.
    await owner.goto(`/admin/applicants/${applicant.basicId}`);
    await owner.getByRole('heading', { level: 1, name: applicant.name }).waitFor();
    // The stage badge beside the name.
    await owner
      .getByRole('heading', { level: 1, name: applicant.name })
      .locator('..')
      .getByText('Declined', { exact: true })
      .waitFor();
    expect(await actions(owner).getByTestId('decline-request').count()).toBe(0);
    const found = await caseOf(applicant);
    expect(found.applicant.stage).toBe('declined');
    expect(found.decline_request).toBeNull();
  }, 120_000);

  it('compliance escalates a case; the MLRO records Reported with a reference; the case shows the decision', async () => {
    const applicant = await seedNamed('Esme');
    const compliance = await openCase(applicant, { role: 'compliance' });
    await actions(compliance).getByRole('button', { name: 'Escalate to MLRO' }).click();
    const dialog = compliance.getByRole('dialog', { name: 'Escalate to MLRO' });
    expect(await dialog.innerText()).toContain(
      'This case goes to the MLRO and is held: no offer or activation until they decide. The applicant is not told.',
    );
    await dialog.getByRole('textbox', { name: 'Reason (internal)' }).fill('Unusual cash deposits');
    await dialog.getByRole('button', { name: 'Escalate' }).click();
    await toast(compliance, 'Case escalated to the MLRO').waitFor();

    // Held: the badge, the escalation, and no second Escalate.
    await compliance.getByTestId('held-badge').waitFor();
    const block = escalationBlock(compliance);
    await block.getByText('With the MLRO').waitFor();
    expect(await block.innerText()).toContain('Unusual cash deposits');
    expect(await block.innerText()).toMatch(/Escalated by\s+Compliance Tester on/);
    expect(
      await actions(compliance).getByRole('button', { name: 'Escalate to MLRO' }).count(),
    ).toBe(0);

    // Operations see only that it is held.
    const operations = await openCase(applicant, { role: 'operations' });
    await operations.getByTestId('held-badge').waitFor();
    expect(await escalationBlock(operations).count()).toBe(0);
    expect(await operations.getByText('Unusual cash deposits').count()).toBe(0);

    // The MLRO decides from their tab: a report needs its reference.
    const mlro = await open({ role: 'mlro', tab: 'MLRO' });
    const row = article(mlro, applicant.name);
    await row.waitFor();
    expect(await row.innerText()).toContain('Unusual cash deposits');
    expect(await row.innerText()).toContain('Compliance Tester');
    await row.getByRole('button', { name: `Record decision for ${applicant.name}` }).click();
    const decide = mlro.getByRole('dialog', { name: 'Record MLRO decision' });
    await decide.getByRole('radio', { name: /Reported/ }).check();
    await decide.getByRole('textbox', { name: 'Reason (internal)' }).fill('Structuring pattern');
    await decide.getByRole('button', { name: 'Record decision' }).click();
    await decide.getByText(REFERENCE_REQUIRED_MESSAGE).waitFor();
    await decide.getByRole('textbox', { name: 'Reference of the report' }).fill('SAR-2026-0042');
    await decide.getByRole('button', { name: 'Record decision' }).click();
    await toast(mlro, 'Decision recorded').waitFor();
    await row.waitFor({ state: 'detached' });

    await mlro.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Closed' }).click();
    const closed = article(mlro, applicant.name);
    await closed.waitFor();
    expect(await closed.innerText()).toContain('Reported');
    expect(await closed.innerText()).toContain('SAR-2026-0042');
    expect(await closed.innerText()).toContain('Structuring pattern');
    expect(await closed.innerText()).toContain('Mlro Tester');

    // The case shows the decision, and is no longer held.
    await compliance.reload();
    const decided = escalationBlock(compliance);
    await decided.getByText('SAR-2026-0042').waitFor();
    const text = await decided.innerText();
    expect(text).toMatch(/Decision\s+Reported/);
    expect(text).toMatch(/MLRO's reason\s+Structuring pattern/);
    expect(text).toMatch(/Decided by\s+Mlro Tester on/);
    expect(await compliance.getByTestId('held-badge').count()).toBe(0);
    const found = await caseOf(applicant);
    expect(found.held).toBe(false);
    expect(found.escalation).toMatchObject({
      status: 'closed',
      decision: 'reported',
      reference: 'SAR-2026-0042',
    });
  }, 120_000);

  describe('no serious or critical axe violation, light and dark; nothing scrolls sideways', () => {
    for (const viewport of [PHONE, DESKTOP]) {
      it(`the Approvals and MLRO tabs, their dialogs, and a held case at ${viewport.width} px`, async () => {
        const compliance = await staffSignIn(server.baseURL, 'compliance');
        const declining = await seedNamed('Axel');
        await staffCall(server.baseURL, compliance, 'admin-applicant-decline', {
          basic_id: declining.basicId,
          reason: `Checked at ${viewport.width} px`,
        });
        const held = await seedNamed('Hana');
        await staffCall(server.baseURL, compliance, 'admin-case-escalate', {
          basic_id: held.basicId,
          reason: 'Adverse media about the employer',
        });

        const owner = await open({ tab: 'Approvals', viewport });
        const row: Locator = article(owner, declining.name);
        await row.waitFor();
        await checkStaffScreen(owner, 'Approvals tab');
        await row.getByRole('button', { name: `Approve decline for ${declining.name}` }).click();
        await owner.getByRole('alertdialog', { name: `Decline ${declining.name}?` }).waitFor();
        await checkStaffScreen(owner, 'approve dialog');
        await owner.keyboard.press('Escape');
        await row.getByRole('button', { name: `Reject decline for ${declining.name}` }).click();
        await owner.getByRole('dialog', { name: 'Reject request' }).waitFor();
        await checkStaffScreen(owner, 'reject dialog');
        await owner.keyboard.press('Escape');

        const mlro = await open({ role: 'mlro', tab: 'MLRO', viewport });
        const waiting = article(mlro, held.name);
        await waiting.waitFor();
        await checkStaffScreen(mlro, 'MLRO tab');
        await waiting.getByRole('button', { name: `Record decision for ${held.name}` }).click();
        const decide = mlro.getByRole('dialog', { name: 'Record MLRO decision' });
        await decide.getByRole('radio', { name: /Reported/ }).check();
        await decide.getByRole('button', { name: 'Record decision' }).click();
        await decide.getByText(REFERENCE_REQUIRED_MESSAGE).waitFor();
        await checkStaffScreen(mlro, 'decision dialog with its messages');
        await mlro.keyboard.press('Escape');

        await mlro.goto(`/admin/applicants/${held.basicId}`);
        await escalationBlock(mlro).getByText('With the MLRO').waitFor();
        await mlro.getByTestId('held-badge').waitFor();
        await checkStaffScreen(mlro, 'held case');
      }, 120_000);
    }
  });
});
