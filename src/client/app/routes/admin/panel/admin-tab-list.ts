import { mayCall, TAB_CALLS } from '#shared/calls.ts';
import type { StaffRole } from '#shared/staff.ts';

/**
 * SPEC §2: the nine tabs, in order, Applicants first; then Screening (CONTRACT §8), Approvals,
 * MLRO and Reports (CONTRACT §9), Staff (CONTRACT §5, owners), Data protection (CONTRACT §6)
 * and Audit (the whole log). Each shows to the roles that may make its list call.
 */
export const ADMIN_TABS = [
  { value: 'applicants', label: 'Applicants' },
  { value: 'eoi', label: 'EOI' },
  { value: 'contact', label: 'Contact' },
  { value: 'kyc', label: 'KYC' },
  { value: 'offers', label: 'Offers' },
  { value: 'activations', label: 'Activations' },
  { value: 'assets', label: 'Assets' },
  { value: 'invites', label: 'Invites' },
  { value: 'a11y', label: 'A11y' },
  { value: 'screening', label: 'Screening' },
  { value: 'approvals', label: 'Approvals' },
  { value: 'mlro', label: 'MLRO' },
  { value: 'reports', label: 'Reports' },
  { value: 'staff', label: 'Staff' },
  { value: 'data', label: 'Data protection' },
  { value: 'audit', label: 'Audit' },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['value'];
export type AdminTabEntry = (typeof ADMIN_TABS)[number];
export const DEFAULT_TAB: AdminTab = 'applicants';

export function isAdminTab(value: string | null): value is AdminTab {
  return ADMIN_TABS.some((tab) => tab.value === value);
}

/**
 * The tabs a role may open: those whose list call it may make (the server's own table), so a
 * tab never shows that would only answer 403.
 */
export function tabsFor(role: StaffRole): AdminTabEntry[] {
  return ADMIN_TABS.filter((tab) => mayCall(role, TAB_CALLS[tab.value]));
}

/** The tab to open: the one the address asks for when the role may see it, else its first. */
export function resolveTab(requested: string | null, visible: readonly AdminTabEntry[]): AdminTab {
  const found = visible.find((tab) => tab.value === requested);
  return found?.value ?? visible[0]?.value ?? DEFAULT_TAB;
}
