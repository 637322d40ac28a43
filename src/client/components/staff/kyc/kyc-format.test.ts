import { describe, expect, it } from 'vitest';
import type { KycListFile } from '#shared/schemas/admin.ts';
import { groupByApplicant, kycSanctions, previewKind } from './kyc-format.ts';

function file(overrides: Partial<KycListFile> & Pick<KycListFile, 'id' | 'basic_id'>): KycListFile {
  return {
    type: 'document',
    status: 'pending',
    content_type: 'image/jpeg',
    uploaded_at: '2025-01-01T10:00:00.000Z',
    url: `/api/admin-kyc-file/${overrides.id}`,
    notes: null,
    rejection_reason: null,
    application: {
      full_name: 'Ann',
      email: 'ann@example.com',
      created_at: '2024-12-01T00:00:00Z',
      sanctions_match: false,
      sanctions_cleared: false,
    },
    waiting_since: overrides.uploaded_at ?? '2025-01-01T10:00:00.000Z',
    assignee: null,
    ...overrides,
  };
}

describe('groupByApplicant', () => {
  it('keeps the newest file of each type and puts applicants with pending files first', () => {
    const groups = groupByApplicant([
      file({ id: 'b-doc', basic_id: 'b', uploaded_at: '2025-01-05T00:00:00Z', status: 'approved' }),
      file({ id: 'a-doc-new', basic_id: 'a', uploaded_at: '2025-01-04T00:00:00Z' }),
      file({
        id: 'a-self',
        basic_id: 'a',
        type: 'selfie',
        uploaded_at: '2025-01-03T00:00:00Z',
        status: 'approved',
      }),
      file({
        id: 'a-doc-old',
        basic_id: 'a',
        uploaded_at: '2025-01-02T00:00:00Z',
        status: 'rejected',
      }),
    ]);
    expect(groups.map((g) => g.basicId)).toEqual(['a', 'b']);
    expect(groups[0]?.document?.id).toBe('a-doc-new');
    expect(groups[0]?.selfie?.id).toBe('a-self');
    expect(groups[1]?.selfie).toBeNull();
    expect(groups[1]?.hasPending).toBe(false);
    expect(groups[0]?.sanctions).toBeNull();
  });

  it("carries the applicant's sanctions match, and whether compliance cleared it", () => {
    const application = (sanctions_match: boolean, sanctions_cleared: boolean) => ({
      full_name: 'Ann',
      email: 'ann@example.com',
      created_at: '2024-12-01T00:00:00Z',
      sanctions_match,
      sanctions_cleared,
    });
    const groups = groupByApplicant([
      file({ id: 'a', basic_id: 'a', application: application(true, false) }),
      file({ id: 'b', basic_id: 'b', application: application(true, true) }),
      file({ id: 'c', basic_id: 'c', application: application(false, false) }),
    ]);
    expect(groups.map((g) => [g.basicId, g.sanctions])).toEqual([
      ['a', 'match'],
      ['b', 'cleared'],
      ['c', null],
    ]);
    // A clearance without a match (an older check) says nothing.
    expect(kycSanctions({ sanctions_match: false, sanctions_cleared: true })).toBeNull();
  });
});

describe('previewKind', () => {
  it('shows browser images inline and sends HEIC and PDF to a download', () => {
    expect(previewKind('image/webp')).toBe('image');
    expect(previewKind('image/heic')).toBe('heic');
    expect(previewKind('application/pdf')).toBe('pdf');
    expect(previewKind('application/octet-stream')).toBe('other');
  });
});
