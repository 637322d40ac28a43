import { describe, expect, it } from 'vitest';
import { describeChange } from '#shared/audit-labels.ts';
import type { AuditRow } from '#shared/schemas/audit.ts';
import { LEGACY_STAFF_LABEL } from '#shared/staff.ts';
import { timelineMemberNames, UNKNOWN_MEMBER } from './timeline-members.ts';

const ADA = '6c1f3e0a-1b2c-4d5e-8f90-0a1b2c3d4e5f';
const CY = '7d2e4f1b-2c3d-4e5f-9a01-1b2c3d4e5f60';
const GONE = '8e3f5a2c-3d4e-4f60-8b12-2c3d4e5f6071';

function row(over: Partial<AuditRow>): AuditRow {
  return {
    id: 1,
    at: '2026-11-20T10:00:00.000Z',
    actor_type: 'staff',
    actor_id: ADA,
    actor_name: 'Ada Owner',
    actor_email: 'ada@staff.test',
    actor_role: 'owner',
    action: 'case.take',
    target_type: 'application',
    target_id: null,
    application_id: null,
    before: { assigned_to: null },
    after: { assigned_to: ADA },
    ip: null,
    ...over,
  };
}

describe('timeline member names', () => {
  it('names who took a case and who it was taken over from, by the rows that record them', () => {
    const takeover = row({
      id: 2,
      actor_id: CY,
      actor_name: 'Cy Check',
      actor_email: 'cy@staff.test',
      actor_role: 'compliance',
      action: 'case.takeover',
      before: { assigned_to: ADA },
      after: { assigned_to: CY },
    });
    const rows = [takeover, row({})];
    const memberName = timelineMemberNames(rows);
    expect(describeChange(takeover.before, takeover.after, { memberName })).toEqual([
      { key: 'assigned_to', label: 'Assigned to', from: 'Ada Owner', to: 'Cy Check' },
    ]);
    // Released: the holder by name, then nobody.
    const release = row({
      id: 3,
      action: 'case.release',
      before: { assigned_to: CY },
      after: { assigned_to: null },
    });
    expect(describeChange(release.before, release.after, { memberName })).toEqual([
      { key: 'assigned_to', label: 'Assigned to', from: 'Cy Check', to: '—' },
    ]);
  });

  it('takes names the caller knows besides, and never shows a member id', () => {
    const rows = [row({ actor_id: 'token-1', actor_email: null, actor_name: LEGACY_STAFF_LABEL })];
    const memberName = timelineMemberNames(rows, [{ id: GONE, name: 'Dee Ops' }]);
    expect(memberName(GONE)).toBe('Dee Ops');
    // A legacy row's token id names nobody; an id no row or caller names reads in words.
    expect(memberName('token-1')).toBe(UNKNOWN_MEMBER);
    expect(memberName(ADA)).toBe(UNKNOWN_MEMBER);
    expect(UNKNOWN_MEMBER).not.toMatch(/[0-9a-f]{8}-/);
  });
});
