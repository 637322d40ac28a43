import { describe, expect, it } from 'vitest';
import { LEGACY_STAFF_LABEL } from '#shared/staff.ts';
import { actionLabel, actorLabel, describeChange, timelineActor } from './timeline-format.ts';

describe('timeline formatting', () => {
  it('names known actions and spells out unknown ones', () => {
    expect(actionLabel('application.override_tier')).toBe('Tier overridden');
    expect(actionLabel('magic_link.resend')).toBe('Magic link sent');
    expect(actionLabel('something.new_thing')).toBe('Something new thing');
  });

  it('names the four-eyes, sanctions and file-view actions', () => {
    expect(actionLabel('offer.issue_for_approval')).toBe('Offer sent for approval');
    expect(actionLabel('offer.approve')).toBe('Offer approved');
    expect(actionLabel('sanctions.clear')).toBe('Sanctions match cleared');
    expect(actionLabel('kyc_file.viewed')).toBe('Identity file viewed');
  });

  it('names staff and their role, never a token id, and names the other actors', () => {
    const staff = {
      actor_type: 'staff',
      actor_name: 'Ada Owner',
      actor_role: 'owner',
    } as const;
    expect(actorLabel(staff)).toBe('Ada Owner · Owner');
    expect(timelineActor(staff)).toEqual({ name: 'Ada Owner', role: 'Owner' });
    expect(actorLabel({ ...staff, actor_name: 'Cy Check', actor_role: 'compliance' })).toBe(
      'Cy Check · Compliance',
    );
    // Rows from the shared passphrase: the server's wording, no role.
    expect(
      actorLabel({ actor_type: 'staff', actor_name: LEGACY_STAFF_LABEL, actor_role: null }),
    ).toBe('Staff (before named accounts)');
    // A role the panel does not know yet is still readable.
    expect(actorLabel({ ...staff, actor_role: 'auditor' })).toBe('Ada Owner · Auditor');
    expect(actorLabel({ actor_type: 'staff', actor_name: null, actor_role: null })).toBe('Staff');
    expect(actorLabel({ actor_type: 'applicant', actor_name: null, actor_role: null })).toBe(
      'Applicant',
    );
    expect(actorLabel({ actor_type: 'provider', actor_name: null, actor_role: null })).toBe(
      'Identity provider',
    );
  });

  it('shows before → after with stage and tier names, and drops what did not change', () => {
    expect(
      describeChange(
        { stage: 'kyc', tier_assigned: null, same: 1 },
        { stage: 'tier_offer', tier_assigned: 'noir', same: 1, fields: ['pricing_note'] },
      ),
    ).toEqual([
      { key: 'stage', label: 'Stage', from: 'KYC', to: 'Tier Offer' },
      { key: 'tier_assigned', label: 'Tier assigned', from: '—', to: 'Noir' },
      { key: 'fields', label: 'Recorded', from: null, to: 'Pricing note' },
    ]);
  });

  it('names the fields an action recorded, never their values, and is silent when none', () => {
    expect(
      describeChange(
        { stage: 'code_verified' },
        {
          stage: 'detailed',
          // As apply-details writes it since CONTRACT §8: the names, never the values.
          fields: [
            'annual_income',
            'employment_status',
            'pep_exposed',
            'card_tier_pref',
            'date_of_birth',
            'address',
          ],
          card_tier_pref: 'titan',
        },
      ),
    ).toEqual([
      { key: 'stage', label: 'Stage', from: 'Code Verified', to: 'Detailed' },
      {
        key: 'fields',
        label: 'Recorded',
        from: null,
        to: 'Annual income, Employment status, Declared PEP, Preferred tier, Date of birth, Address',
      },
      { key: 'card_tier_pref', label: 'Preferred tier', from: null, to: 'Titan' },
    ]);
    expect(
      describeChange(null, { stage: 'accepted', tier: 'noir', fields: ['esign_name'] }),
    ).toContainEqual({ key: 'fields', label: 'Recorded', from: null, to: 'Signature name' });
    // An offer issued without a note: nothing recorded, nothing shown.
    expect(describeChange(null, { tier: 'noir', fields: [] })).toEqual([
      { key: 'tier', label: 'Tier', from: null, to: 'Noir' },
    ]);
    expect(describeChange(null, { email_verified: false })).toEqual([
      { key: 'email_verified', label: 'E-mail address confirmed', from: null, to: 'No' },
    ]);
  });

  it('reads vocabulary as words and leaves internal ids and hashes out', () => {
    expect(
      describeChange(
        { status: 'pending' },
        { status: 'approved', type: 'selfie', offer_id: 'x', terms_hash: 'y', fields: ['notes'] },
      ),
    ).toEqual([
      { key: 'status', label: 'Status', from: 'Pending', to: 'Approved' },
      { key: 'type', label: 'Type', from: null, to: 'Selfie Photo' },
      { key: 'fields', label: 'Recorded', from: null, to: 'Notes' },
    ]);
  });

  it('says a cleared sanctions match recorded a reason, not the ids of the checks it cleared', () => {
    expect(describeChange(null, { fields: ['reason'], checks: ['x', 'y'] })).toEqual([
      { key: 'fields', label: 'Recorded', from: null, to: 'Reason' },
    ]);
  });

  it('copes with rows that recorded nothing or a bare value', () => {
    expect(describeChange(null, null)).toEqual([]);
    expect(describeChange(null, true)).toEqual([
      { key: 'value', label: 'Value', from: null, to: 'Yes' },
    ]);
  });

  it('writes dates the British way', () => {});
});
