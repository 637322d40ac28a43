import { describe, expect, it } from 'vitest';
import type { ApplyGetStageResponse, KycFileSummary } from '#shared/schemas/journey.ts';
import type { Stage } from '#shared/stages.ts';
import { detailsRedirect, latestFiles, needsResubmission, wantsDetails } from './application.ts';

const file = (
  type: KycFileSummary['type'],
  status: KycFileSummary['status'],
  uploadedAt: string,
): KycFileSummary => ({
  id: `${type}-${uploadedAt}`,
  type,
  status,
  uploaded_at: uploadedAt,
  rejection_reason: status === 'rejected' ? 'Blurred' : null,
});

function application(
  stage: Stage,
  extra: Partial<ApplyGetStageResponse> = {},
): ApplyGetStageResponse {
  return {
    ok: true,
    basic_id: '6a7cd734-fc9c-482f-9fd9-17a0042e25a3',
    stage,
    tier_assigned: null,
    tier_accepted: null,
    full_name: null,
    email: null,
    has_details: false,
    date_of_birth: null,
    address: null,
    address_lookup: false,
    kyc_provider: 'builtin',
    kyc_files: [],
    identity_check: null,
    offer: null,
    ...extra,
  };
}

describe('latestFiles', () => {
  it('keeps the newest file of each type, whatever the order given', () => {
    const latest = latestFiles([
      file('document', 'rejected', '2026-01-01T10:00:00Z'),
      file('selfie', 'pending', '2026-01-01T10:00:00Z'),
      file('document', 'pending', '2026-01-02T10:00:00Z'),
    ]);
    expect(latest.document?.status).toBe('pending');
    expect(latest.selfie?.status).toBe('pending');
  });
});

describe('detailsRedirect', () => {
  it.each([
    ['basic', '/apply'],
    ['invited', '/apply'],
    ['code_verified', null],
    ['detailed', null],
    ['kyc_in_progress', '/apply/review'],
    ['kyc', '/apply/review'],
    ['tier_offer', '/apply/offer'],
    ['accepted', '/apply/activate'],
    ['activated', '/apply/activate'],
  ] as const)('%s → %s', (stage, target) => {
    expect(detailsRedirect(application(stage))).toBe(target);
  });

  it('stays while a rejected file waits to be replaced, even during verification', () => {
    const rejected = application('kyc_in_progress', {
      kyc_files: [file('document', 'rejected', '2026-01-01T10:00:00Z')],
    });
    expect(wantsDetails(rejected)).toBe(true);
    expect(detailsRedirect(rejected)).toBeNull();
    expect(needsResubmission(rejected)).toBe(true);
  });
});

describe('needsResubmission', () => {
  it('is false for a fresh application and for a replaced file', () => {
    expect(needsResubmission(application('detailed'))).toBe(false);
    const replaced = application('detailed', {
      kyc_files: [
        file('document', 'rejected', '2026-01-01T10:00:00Z'),
        file('document', 'pending', '2026-01-02T10:00:00Z'),
      ],
    });
    expect(needsResubmission(replaced)).toBe(false);
  });

  it('follows a Veriff resubmission request only with Veriff', () => {
    const check = { status: 'submitted', decision: 'resubmission_requested' } as const;
    expect(
      needsResubmission(application('detailed', { kyc_provider: 'veriff', identity_check: check })),
    ).toBe(true);
    expect(needsResubmission(application('detailed', { identity_check: check }))).toBe(false);
  });
});
