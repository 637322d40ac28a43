/**
 * Company facts shown in the footer, contact and press pages and in the home page's
 * structured data. One place, so the site and the server-rendered metadata agree.
 */
export const COMPANY = {
  name: 'Waj',
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
