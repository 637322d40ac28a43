import { BRAND, DEFAULT_TITLE, documentTitle } from '../../shared/seo.ts';

export const BRAND_NAME = BRAND;
export { DEFAULT_TITLE };

/** SPEC §2: page titles follow '{page} | {brand}'. */
export function pageTitle(page: string): string {
  return documentTitle(page);
}

/**
 * Company facts shown in the footer, contact and press pages. SPEC gives e-mail and support
 * hours in outline only; these are the product's published details.
 */
export const COMPANY = {
  legalName: 'Waj Ltd',
  registration: 'Registered in England and Wales, company number 15934072',
  registeredOffice: 'London, United Kingdom',
  supportEmail: 'support@waj.co.uk',
  pressEmail: 'press@waj.co.uk',
  privacyEmail: 'privacy@waj.co.uk',
  /** SPEC §9: standard support hours 9-5. */
  supportHours: 'Monday to Friday, 9am to 5pm (UK time)',
  socialUrl: 'https://www.instagram.com/waj',
  socialLabel: 'Waj on Instagram',
} as const;
