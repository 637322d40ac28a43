import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * SPEC §2: the nine tabs, in order, Applicants first. Each tab's screen is its own chunk, so
 * signing in downloads only the tab that opens.
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
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['value'];
export const DEFAULT_TAB: AdminTab = 'applicants';

export function isAdminTab(value: string | null): value is AdminTab {
  return ADMIN_TABS.some((tab) => tab.value === value);
}

export const TAB_SCREENS: Record<AdminTab, LazyExoticComponent<ComponentType>> = {
  applicants: lazy(() => import('./tabs/applicants/applicants-tab.tsx')),
  eoi: lazy(() => import('./tabs/inbox/eoi-tab.tsx')),
  contact: lazy(() => import('./tabs/inbox/contact-tab.tsx')),
  kyc: lazy(() => import('./tabs/kyc/kyc-tab.tsx')),
  offers: lazy(() => import('./tabs/offers/offers-tab.tsx')),
  activations: lazy(() => import('./tabs/activations/activations-tab.tsx')),
  assets: lazy(() => import('./tabs/assets/assets-tab.tsx')),
  invites: lazy(() => import('./tabs/invites/invites-tab.tsx')),
  a11y: lazy(() => import('./tabs/a11y/a11y-tab.tsx')),
};
