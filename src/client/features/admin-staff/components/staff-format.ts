import { STAFF_ROLES, type StaffRole, type StaffStatus } from '#shared/staff.ts';

export const STATUS_LABELS: Record<StaffStatus, string> = {
  invited: 'Invited',
  active: 'Active',
  disabled: 'Disabled',
};

/** What each role may do, in a line (CONTRACT §5's table), for the invite form's hint. */
export const ROLE_SUMMARIES: Record<StaffRole, string> = {
  owner: 'Everything, including staff, maintenance, invite mode and final approvals.',
  compliance: 'Applicants, identity checks, offers, declines and the audit trail.',
  operations: 'Applicants, EOI and contact inboxes, activations, invites, assets and A11y.',
  mlro: 'The nominated officer: escalated cases and their decisions, screening alerts, reports and the audit trail.',
};

export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}
