/**
 * Company facts: who Waj is, who holds members' money and how to reach us. Shown in the
 * footer, on /security, /legal, /help, /contact and /account, in the home page's structured
 * data and in e-mails. One place, so the site, the server-rendered metadata and the mail agree.
 *
 * Configured here, at build time (decision 045): the client and the server are built from this
 * one file, so a page rendered on the server and the same page in the browser can never
 * disagree. The defaults are placeholders that cannot be mistaken for a real firm's identifiers
 * (all-zero numbers, an example street and partner): replace them before going live.
 */
const COMPANY_NUMBER = '00000000';

export const COMPANY = {
  name: 'Waj',
  legalName: 'Waj Ltd',
  companyNumber: COMPANY_NUMBER,
  registration: `Registered in England and Wales, company number ${COMPANY_NUMBER}`,
  /** The registered office as a full postal address. */
  registeredOffice: '1 Example Street, London EC1A 1AA, United Kingdom',
  /** The authorised firm that provides members' accounts and cards and holds their money. */
  partner: {
    name: 'Example Partner Bank plc',
    /** Completes 'which is …': the partner's authorisation, in the register's words. */
    authorisation:
      'authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority',
    /** Firm Reference Number on the Financial Services Register. */
    frn: '000000',
  },
  /** The lost or stolen card line, answered 24 hours a day, as written for people. */
  lostCardPhone: '+44 20 0000 0000',
  supportEmail: 'support@waj.co.uk',
  pressEmail: 'press@waj.co.uk',
  privacyEmail: 'privacy@waj.co.uk',
  /** SPEC §9: standard support hours 9-5. */
  supportHours: 'Monday to Friday, 9am to 5pm (UK time)',
  socialUrl: 'https://www.instagram.com/waj',
  socialLabel: 'Waj on Instagram',
  /** SPEC §9: when the lounge programme launches, as a calendar quarter ('Q3 2025'). */
  loungeLaunch: 'Q3 2025',
} as const;

/**
 * The status statement a UK firm that is not itself authorised shows: who provides the
 * accounts and cards, under which authorisation, with the firm reference number.
 */
export function statusStatement(
  company: {
    name: string;
    partner: { name: string; authorisation: string; frn: string };
  } = COMPANY,
): string {
  const { partner } = company;
  return `${company.name} is not a bank. ${company.name} accounts and cards are provided by ${partner.name}, which is ${partner.authorisation} (Firm Reference Number ${partner.frn}).`;
}

/** A `tel:` address for a number written for people: '+44 20 0000 0000' → 'tel:+442000000000'. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * The quarter a launch is planned for ('Q3 2025'), while it is still to come on `today`
 * (UTC): null once that quarter has ended, or for a value that is not a quarter, so the
 * site says only 'Coming soon' and never a date in the past.
 */
export function upcomingQuarter(quarter: string, today: Date): string | null {
  const match = /^Q([1-4]) (\d{4})$/.exec(quarter.trim());
  if (!match) return null;
  const endMonth = Number(match[1]) * 3; // first month after the quarter, 0-based
  const end = Date.UTC(Number(match[2]), endMonth, 1);
  return today.getTime() < end ? quarter.trim() : null;
}
