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

/** Shown in the header itself from 1024 px (issue 18); the drawer keeps the full list. */
const PRIMARY_LABELS = ['Cards', 'Eligibility', 'Partners', 'About', 'Security', 'Help', 'Contact'];

export const primaryNavigation: readonly NavItem[] = mainNavigation.filter((item) =>
  PRIMARY_LABELS.includes(item.label),
);

/** A footer entry: a route, an external address (mailto:), or a placeholder not yet live. */
export type FooterLink =
  | { kind: 'route'; label: string; href: string }
  | { kind: 'external'; label: string; href: string }
  | { kind: 'soon'; label: string };

export type FooterGroup = { title: string; links: readonly FooterLink[] };

/** SPEC §2 footer groups: Company, Legal, Support, Contact. */
export function footerNavigation(supportEmail: string): readonly FooterGroup[] {
  return [
    {
      title: 'Company',
      links: [
        { kind: 'route', label: 'About', href: paths.about.getHref() },
        { kind: 'route', label: 'Partners', href: paths.partners.getHref() },
        { kind: 'route', label: 'Press', href: paths.press.getHref() },
        { kind: 'soon', label: 'Careers' },
      ],
    },
    {
      title: 'Legal',
      links: [
        { kind: 'route', label: 'Privacy Policy', href: paths.legal.privacy.getHref() },
        { kind: 'route', label: 'Terms of Membership', href: paths.legal.terms.getHref() },
        { kind: 'route', label: 'Cookie Policy', href: paths.legal.cookies.getHref() },
      ],
    },
    {
      title: 'Support',
      links: [
        { kind: 'route', label: 'Help', href: paths.help.getHref() },
        { kind: 'route', label: 'Security', href: paths.security.getHref() },
        { kind: 'soon', label: 'FAQ' },
      ],
    },
    {
      title: 'Contact',
      links: [
        { kind: 'route', label: 'Contact us', href: paths.contact.getHref() },
        { kind: 'external', label: 'Email us', href: `mailto:${supportEmail}` },
      ],
    },
  ];
}
