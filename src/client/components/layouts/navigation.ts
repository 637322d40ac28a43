import { paths } from '../../config/paths.ts';

export type NavItem = {
  label: string;
  href: string;
  /** Only highlight on an exact match (Home); other items also match their sub-routes. */
  end?: boolean;
};

/** SPEC §2 navigation list, in order. /admin is linked from the footer only. */
export const mainNavigation: readonly NavItem[] = [
  { label: 'Home', href: paths.home.getHref(), end: true },
  { label: 'Cards', href: paths.cards.getHref() },
  { label: 'Apply', href: paths.apply.root.getHref() },
  { label: 'Eligibility', href: paths.eligibility.getHref() },
  { label: 'Partners', href: paths.partners.getHref() },
  { label: 'About', href: paths.about.getHref() },
  { label: 'Security', href: paths.security.getHref() },
  { label: 'Press', href: paths.press.getHref() },
  { label: 'Help', href: paths.help.getHref() },
  { label: 'Legal', href: paths.legal.root.getHref() },
  { label: 'Contact', href: paths.contact.getHref() },
];

export type FooterGroup = { title: string; links: readonly NavItem[] };

export const footerNavigation: readonly FooterGroup[] = [
  {
    title: 'Company',
    links: [
      { label: 'About', href: paths.about.getHref() },
      { label: 'Partners', href: paths.partners.getHref() },
      { label: 'Press', href: paths.press.getHref() },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', href: paths.legal.privacy.getHref() },
      { label: 'Terms of Service', href: paths.legal.terms.getHref() },
      { label: 'Cookie Policy', href: paths.legal.cookies.getHref() },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help', href: paths.help.getHref() },
      { label: 'Security', href: paths.security.getHref() },
      { label: 'Eligibility', href: paths.eligibility.getHref() },
    ],
  },
  {
    title: 'Contact',
    links: [{ label: 'Contact us', href: paths.contact.getHref() }],
  },
];
