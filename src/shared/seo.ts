import { matchSpaPath, type SpaPath } from './routes.ts';

/**
 * Search and sharing metadata for every screen. The server writes it into index.html for the
 * requested path (so crawlers and link previews see it without JavaScript) and the client's
 * <Head> keeps it in step as the visitor navigates.
 */
export const BRAND = 'Waj';
export const DEFAULT_TITLE = `${BRAND} | Private membership beyond banking`;
export const DEFAULT_DESCRIPTION =
  'Waj is a private, invitation-only membership bank: discreet virtual and metal cards, elevated limits and curated perks.';

export type PageMeta = {
  /** Page name; the document title is '{title} | Waj'. Null gives the default title. */
  title: string | null;
  description: string;
  /** Ask search engines not to index the page (and leave it out of the sitemap). */
  noindex?: boolean;
  /**
   * The screen whose address is canonical for this one, when both show the same page: this one
   * names it as canonical and stays out of the sitemap.
   */
  canonical?: SpaPath;
};

export const PAGE_META: Record<SpaPath, PageMeta> = {
  '/': { title: null, description: DEFAULT_DESCRIPTION },
  '/cards': {
    title: 'Cards',
    description:
      'Five tiers of Waj membership, from Standard to the invitation-only Elite: compare cards, limits and perks.',
  },
  '/apply': {
    title: 'Apply',
    description: 'Enter your invitation code or apply for Waj membership.',
  },
  '/apply/details': { title: 'Your details', description: DEFAULT_DESCRIPTION, noindex: true },
  '/apply/kyc': { title: 'Your details', description: DEFAULT_DESCRIPTION, noindex: true },
  '/apply/review': { title: 'Application review', description: DEFAULT_DESCRIPTION, noindex: true },
  '/apply/offer': { title: 'Your offer', description: DEFAULT_DESCRIPTION, noindex: true },
  '/apply/activate': { title: 'Activation', description: DEFAULT_DESCRIPTION, noindex: true },
  '/account': { title: 'Account', description: DEFAULT_DESCRIPTION, noindex: true },
  '/eligibility': {
    title: 'Eligibility',
    description:
      'Who can become a Waj member: UK residents aged 18 or over with photo ID and a verifiable source of income.',
  },
  '/partners': {
    title: 'Partners',
    description:
      'Curated partner privileges for Waj members: fine dining, luxury retail and travel.',
  },
  '/about': {
    title: 'About',
    description: 'The story of Waj, a private membership bank built for discretion and service.',
  },
  '/security': {
    title: 'Security',
    description:
      'How Waj protects members: 3D Secure 2.2, in-app card controls, PCI-DSS aligned systems and safeguarded funds.',
  },
  '/press': {
    title: 'Press',
    description:
      'Waj press kit: logos, brand colours, card renders, boilerplate and press contact.',
  },
  '/help': {
    title: 'Help',
    description:
      'Answers to common questions about Waj membership, applications, cards and support.',
  },
  // /legal opens on the Privacy Policy: one page with /legal/privacy, which is canonical.
  '/legal': {
    title: 'Legal',
    description: 'The Waj Privacy Policy, Terms of Membership and Cookie Policy.',
    canonical: '/legal/privacy',
  },
  '/legal/cookies': {
    title: 'Cookie Policy',
    description: 'How Waj uses cookies and how to manage your cookie preferences.',
  },
  '/legal/privacy': {
    title: 'Privacy Policy',
    description: 'How Waj collects, uses and protects your personal data.',
  },
  '/legal/terms': {
    title: 'Terms of Membership',
    description: 'The terms that apply to your Waj application and membership.',
  },
  '/update-legal': {
    title: 'Update legal documents',
    description: DEFAULT_DESCRIPTION,
    noindex: true,
  },
  '/contact': {
    title: 'Contact',
    description: 'Contact the Waj team. We reply within 2-3 business days.',
  },
  '/admin': { title: 'Admin', description: DEFAULT_DESCRIPTION, noindex: true },
  '/admin/join': { title: 'Join the staff panel', description: DEFAULT_DESCRIPTION, noindex: true },
  '/admin/applicants/:id': { title: 'Case', description: DEFAULT_DESCRIPTION, noindex: true },
};

export const NOT_FOUND_META: PageMeta = {
  title: 'Page Not Found',
  description: DEFAULT_DESCRIPTION,
  noindex: true,
};

/** The metadata for a pathname (no query string); unknown paths get the 404 page's. */
export function metaForPath(pathname: string): PageMeta {
  const route = matchSpaPath(pathname);
  return route ? PAGE_META[route] : NOT_FOUND_META;
}

export function documentTitle(title: string | null): string {
  return title ? `${title} | ${BRAND}` : DEFAULT_TITLE;
}

/**
 * The canonical path of a screen: no trailing slash, and a screen that shows the same page as
 * another (/legal, the Privacy Policy) names that one's address (/legal/privacy).
 */
export function canonicalPath(pathname: string): string {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const route = matchSpaPath(path);
  return (route && PAGE_META[route].canonical) ?? path;
}

/** Public, indexable routes, each page once (at its canonical address), for sitemap.xml. */
export function indexablePaths(): SpaPath[] {
  return (Object.keys(PAGE_META) as SpaPath[]).filter(
    (path) => !PAGE_META[path].noindex && !PAGE_META[path].canonical,
  );
}
