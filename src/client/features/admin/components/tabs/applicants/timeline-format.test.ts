import { describe, expect, it } from 'vitest';
import { actionLabel, actorLabel, describeChange } from './timeline-format.ts';

describe('timeline formatting', () => {
  it('names known actions and spells out unknown ones', () => {
    expect(actionLabel('application.override_tier')).toBe('Tier overridden');
    expect(actionLabel('magic_link.resend')).toBe('Magic link sent');
    expect(actionLabel('something.new_thing')).toBe('Something new thing');
  });

  it('tells staff apart by their sign-in id and names the other actors', () => {
    expect(actorLabel({ actor_type: 'staff', actor_id: '0123456789abcdef' })).toBe(
      'Staff (01234567)',
    );
    expect(actorLabel({ actor_type: 'applicant', actor_id: 'x' })).toBe('Applicant');
    expect(actorLabel({ actor_type: 'provider', actor_id: 'veriff' })).toBe('Identity provider');
  });

  it('shows before → after with stage and tier names, and drops what did not change', () => {
    expect(
      describeChange(
        { stage: 'kyc', tier_assigned: null, same: 1 },
        { stage: 'tier_offer', tier_assigned: 'noir', same: 1, pricing_note: null },
      ),
    ).toEqual([
      { key: 'stage', label: 'Stage', from: 'KYC', to: 'Tier Offer' },
      { key: 'tier_assigned', label: 'Tier assigned', from: '—', to: 'Noir' },
      { key: 'pricing_note', label: 'Pricing note', from: null, to: '—' },
    ]);
  });

  it('reads vocabulary as words and leaves internal ids and hashes out', () => {
    expect(
      describeChange(
        { status: 'pending' },
        { status: 'approved', type: 'selfie', offer_id: 'x', terms_hash: 'y', notes: 'ok' },
      ),
    ).toEqual([
      { key: 'status', label: 'Status', from: 'Pending', to: 'Approved' },
      { key: 'type', label: 'Type', from: null, to: 'Selfie Photo' },
      { key: 'notes', label: 'Notes', from: null, to: 'ok' },
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
