import type { ComponentType } from 'react';
import type { AdminTab } from './admin-tab-list.ts';
import A11yTab from '#client/features/admin-settings/components/a11y/a11y-tab.tsx';
import ActivationsTab from '#client/features/admin-queues/components/activations/activations-tab.tsx';
import ApplicantsTab from '#client/features/admin-queues/components/applicants/applicants-tab.tsx';
import ContactTab from '#client/features/admin-inbox/components/contact-tab.tsx';
import EoiTab from '#client/features/admin-inbox/components/eoi-tab.tsx';
import InvitesTab from '#client/features/admin-settings/components/invites/invites-tab.tsx';
import KycTab from '#client/features/admin-queues/components/kyc/kyc-tab.tsx';
import OffersTab from '#client/features/admin-queues/components/offers/offers-tab.tsx';
import AssetsTab from '#client/features/admin-settings/components/assets/assets-tab.tsx';
import StaffTab from '#client/features/admin-staff/components/staff-tab.tsx';
import DataProtectionTab from '#client/features/admin-data-protection/components/data-protection-tab.tsx';
import AuditTab from '#client/features/admin-audit/components/audit-tab.tsx';
import ScreeningTab from '#client/features/admin-screening/components/screening-tab.tsx';
import ApprovalsTab from '#client/features/admin-approvals/components/approvals-tab.tsx';
import MlroTab from '#client/features/admin-mlro/components/mlro-tab.tsx';
import ReportsTab from '#client/features/admin-reports/components/reports-tab.tsx';

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
  screening: ScreeningTab,
  approvals: ApprovalsTab,
  mlro: MlroTab,
  reports: ReportsTab,
  staff: StaffTab,
  data: DataProtectionTab,
  audit: AuditTab,
};
