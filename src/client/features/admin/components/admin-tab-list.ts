/** SPEC §2: the nine tabs, in order, Applicants first. */
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
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['value'];
export const DEFAULT_TAB: AdminTab = 'applicants';

export function isAdminTab(value: string | null): value is AdminTab {
  return ADMIN_TABS.some((tab) => tab.value === value);
}
