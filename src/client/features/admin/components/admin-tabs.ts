import type { ComponentType } from 'react';
import type { AdminTab } from './admin-tab-list.ts';
import A11yTab from './tabs/a11y/a11y-tab.tsx';
import ActivationsTab from './tabs/activations/activations-tab.tsx';
import ApplicantsTab from './tabs/applicants/applicants-tab.tsx';
import ContactTab from './tabs/inbox/contact-tab.tsx';
import EoiTab from './tabs/inbox/eoi-tab.tsx';
import InvitesTab from './tabs/invites/invites-tab.tsx';
import KycTab from './tabs/kyc/kyc-tab.tsx';
import OffersTab from './tabs/offers/offers-tab.tsx';
import AssetsTab from './tabs/assets/assets-tab.tsx';
import StaffTab from './tabs/staff/staff-tab.tsx';
import DataProtectionTab from './tabs/data-protection/data-protection-tab.tsx';
import AuditTab from './tabs/audit/audit-tab.tsx';

/**
 * Each tab's screen. They are part of the staff panel's own bundle rather than a chunk each:
 * tab chunks that import from the panel chunk were emitted with a missing export by the
 * bundler (the panel failed to load), and the panel is staff-only, so its size is no concern.
 */
export const TAB_SCREENS: Record<AdminTab, ComponentType> = {
  applicants: ApplicantsTab,
  eoi: EoiTab,
  contact: ContactTab,
  kyc: KycTab,
  offers: OffersTab,
  activations: ActivationsTab,
  assets: AssetsTab,
  invites: InvitesTab,
  a11y: A11yTab,
  staff: StaffTab,
  data: DataProtectionTab,
  audit: AuditTab,
};
