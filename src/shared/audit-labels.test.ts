import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  AUDIT_ACTION_LABELS,
  AUDIT_ACTION_OPTIONS,
  describeDetails,
  describeTarget,
  fieldLabel,
  isAuditAction,
} from './audit-labels.ts';

const SERVER = join(import.meta.dirname, '..', 'server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The action keys the server writes: every `action: '…'` literal, and every `'noun.verb'`
 * literal whose noun is one the log uses (actions handed to a helper such as moveStage or
 * auditFailure). Actions built from a template are listed with their expansions below.
 */
function writtenActions(): Set<string> {
  const nouns = new Set(Object.keys(AUDIT_ACTION_LABELS).map((key) => key.split('.')[0]));
  const found = new Set<string>();
  for (const file of sourceFiles(SERVER)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\baction:\s*'([a-z_]+\.[a-z_]+)'/g)) found.add(match[1]!);
    for (const match of text.matchAll(/'([a-z_]+)\.([a-z_]+)'/g)) {
      // File names ('applicant.json') are not actions.
      if (FILE_EXTENSIONS.has(match[2]!)) continue;
      if (nouns.has(match[1]!)) found.add(`${match[1]}.${match[2]}`);
    }
    for (const match of text.matchAll(/\baction:\s*`([^`]*)`/g)) {
      // A template action must be one of the known shapes below, so its expansions are checked.
      const shape = match[1]!.replace(/\$\{[^}]*\}/g, '*');
      expect(Object.keys(TEMPLATE_ACTIONS), `${file}: action \`${match[1]}\``).toContain(shape);
    }
  }
  for (const expansions of Object.values(TEMPLATE_ACTIONS)) {
    for (const action of expansions) found.add(action);
  }
  return found;
}

const FILE_EXTENSIONS = new Set(['json', 'txt', 'csv', 'zip', 'html', 'pdf', 'ts', 'js']);

/** Actions the server builds from a template (each `${…}` as *), and every value they take. */
const TEMPLATE_ACTIONS: Record<string, string[]> = {
  // admin-export-csv: the inbox's target.
  '*.export': ['eoi_request.export', 'contact_message.export'],
  // inbox status changes.
  '*.update_status': ['eoi_request.update_status', 'contact_message.update_status'],
  // admin-kyc-action.
  'kyc_file.*': ['kyc_file.approve', 'kyc_file.reject'],
};

describe('audit labels', () => {
  it('labels every action key the server writes', () => {
    const written = [...writtenActions()];
    // The scan itself works: it finds actions from several places.
    expect(written).toEqual(
      expect.arrayContaining(['staff.sign_in', 'staff.sign_in_failed', 'application.kyc_resubmit']),
    );
    const missing = written.filter((action) => !isAuditAction(action)).sort();
    expect(missing, 'actions written by the server without a label').toEqual([]);
  });

  it('offers every known action in the filter, by its label', () => {
    expect(AUDIT_ACTION_OPTIONS).toHaveLength(Object.keys(AUDIT_ACTION_LABELS).length);
    expect(AUDIT_ACTION_OPTIONS.find((o) => o.value === 'staff.sign_in')?.label).toBe('Signed in');
    const labels = AUDIT_ACTION_OPTIONS.map((o) => o.label);
    expect(new Set(labels).size, 'two actions share a label').toBe(labels.length);
  });

  it('never shows a raw key for the fields rows record', () => {
    expect(fieldLabel('esign_name')).toBe('Signature name');
    expect(fieldLabel('sha256')).toBe('File fingerprint');
    expect(fieldLabel('pep_exposed')).toBe('Declared PEP');
    expect(actionLabel('kyc_file.viewed')).toBe('Identity file viewed');
    // One the table does not know yet still reads as words.
    expect(actionLabel('something.new_thing')).toBe('Something new thing');
  });

  it('writes details and targets as a person reads them', () => {
    expect(
      describeDetails(
        { stage: 'kyc' },
        { stage: 'tier_offer', tier: 'noir', fields: ['pricing_note'], offer_id: 'x' },
      ),
    ).toBe('Stage: KYC → Tier Offer; Tier: Noir; Recorded: Pricing note');
    expect(describeDetails(null, { type: 'selfie', sha256: 'ab12', size: 20480 })).toBe(
      'Type: Selfie Photo; File fingerprint: ab12; File size: 20,480',
    );
    expect(
      describeDetails(null, { expires_at: '2026-07-01T12:00:05.000Z' }, { seconds: true }),
    ).toBe('Expires: 1 Jul 2026, 13:00:05 BST');
    expect(
      describeDetails(null, { privacy: { title: 'Privacy', html_length: 10, html_sha256: 'f' } }),
    ).toBe('Privacy notice: Title: Privacy, Text length: 10, Text fingerprint: f');
    expect(describeTarget({ target_type: 'kyc_file', target_id: 'abc' })).toBe('Identity file abc');
    expect(describeTarget({ target_type: 'eoi_requests', target_id: null })).toBe('EOI requests');
    expect(describeTarget({ target_type: 'site_setting', target_id: 'invite_mode' })).toBe(
      'Site setting: Invite mode',
    );
  });
});
