import { ZReportRequest } from './casework.ts';
import { ZAdminAuthRequest } from './staff.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  ZActivationRequest,
  ZInviteGenerateIssuedRequest,
  ZInviteGenerateRequest,
  ZKycActionRequest,
  ZOfferIssueRequest,
  digitsOnly,
} from './admin.ts';
import {
  ZApplicantListRequest,
  ZAuditListRequest,
  ZEmailTestRequest,
  ZInboxListRequest,
} from './admin-lists.ts';
import { parseWholeNumber } from './fields.ts';
import { ZApplyDetailsRequest, ZApplySessionRequest } from './journey.ts';
import { ZEoiRequest, ZLegalUpdateRequest } from './site.ts';
import {
  ZApplicationForm,
  ZApplyBasicRequest,
  ZInviteCodeRequest,
  ZMagicLinkRequest,
  ZOfferActionRequest,
  ZOfferForm,
} from './apply.ts';
import { ZContactRequest } from './contact.ts';
import { birthdayYearsAgo, IDENTITY_DETAILS } from '#tests/helpers/identity.ts';

/** The first message for each field, as forms and the API's `details` show it. */
function messages(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const valid = { full_name: 'Ada Lovelace', email: 'ada@example.com' };

describe('application form (SPEC §5)', () => {
  it.each([
    [{ full_name: 'A' }, 'full_name', 'Full name must be at least 2 characters'],
    [{ full_name: '  A  ' }, 'full_name', 'Full name must be at least 2 characters'],
    [{ full_name: 'x'.repeat(121) }, 'full_name', 'Full name must be less than 120 characters'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ email: '' }, 'email', 'Please enter a valid email address'],
    [{ email: `${'a'.repeat(250)}@x.com` }, 'email', 'Email must be less than 255 characters'],
    [{ phone: '1'.repeat(31) }, 'phone', 'Phone number must be less than 30 characters'],
    [{ reason: 'r'.repeat(2001) }, 'reason', 'Reason must be less than 2000 characters'],
  ])('%o → %s: %s', (patch, field, message) => {
    expect(messages(ZApplyBasicRequest, { ...valid, ...patch })[field]).toBe(message);
  });

  it('trims, accepts the limits exactly and sends empty optionals as null', () => {
    const parsed = ZApplyBasicRequest.parse({
      full_name: `  ${'x'.repeat(120)}  `,
      email: ' ada@example.com ',
      phone: '   ',
      reason: '',
    });
    expect(parsed.full_name).toHaveLength(120);
    expect(parsed.email).toBe('ada@example.com');
    expect(parsed.phone).toBeNull();
    expect(parsed.reason).toBeNull();
  });

  it('uses the same rules under the form names', () => {
    expect(messages(ZApplicationForm, { fullName: 'A', email: 'x' })).toEqual({
      fullName: 'Full name must be at least 2 characters',
      email: 'Please enter a valid email address',
    });
  });
});

describe('contact form (SPEC §5)', () => {
  const ok = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };
  it.each([
    [{ name: 'A' }, 'name', 'Name must be at least 2 characters'],
    [{ name: 'x'.repeat(121) }, 'name', 'Name must be less than 120 characters'],
    [{ message: '   ' }, 'message', 'Message is required'],
    [{ message: 'm'.repeat(3001) }, 'message', 'Message must be less than 3000 characters'],
    [{ email: 'nope' }, 'email', 'Please enter a valid email address'],
  ])('%o → %s: %s', (patch, field, message) => {
    expect(messages(ZContactRequest, { ...ok, ...patch })[field]).toBe(message);
  });
  it('accepts a 3000-character message', () => {
    expect(ZContactRequest.safeParse({ ...ok, message: 'm'.repeat(3000) }).success).toBe(true);
  });
});

describe('small forms (SPEC §5)', () => {
  it('invite code: blank asks for a code; the code is trimmed', () => {
    expect(messages(ZInviteCodeRequest, { code: '   ' }).code).toBe('Please enter an invite code');
    expect(ZInviteCodeRequest.parse({ code: ' ab12 ' }).code).toBe('ab12');
  });
  it('resume link: empty asks for the address', () => {
    expect(messages(ZMagicLinkRequest, { email: '  ' }).email).toBe(
      'Please enter your email address',
    );
    expect(messages(ZMagicLinkRequest, { email: 'x' }).email).toBe(
      'Please enter a valid email address',
    );
  });
  it('offer: terms and a non-blank typed name', () => {
    const msg = 'Please agree to terms and provide your full name';
    expect(messages(ZOfferForm, { agreed: false, esignName: 'Ada' }).agreed).toBe(msg);
    expect(messages(ZOfferForm, { agreed: true, esignName: '   ' }).esignName).toBe(msg);
    expect(ZOfferForm.safeParse({ agreed: true, esignName: 'Ada Lovelace' }).success).toBe(true);
  });
  it('admin passphrase: blank says Enter passphrase', () => {
    expect(messages(ZAdminAuthRequest, { email: 'a@b.co', passphrase: '  ' }).passphrase).toBe(
      'Enter passphrase',
    );
  });
  it.each([0, 101, 2.5, 'abc', '100', true, null, [], '0x10'])(
    'invite count %o is refused',
    (count) => {
      expect(messages(ZInviteGenerateRequest, { count }).count).toBe(
        'Count must be between 1 and 100',
      );
    },
  );
  it('invite count 1 and 100 are accepted', () => {
    expect(ZInviteGenerateRequest.parse({ count: 1 }).count).toBe(1);
    expect(ZInviteGenerateRequest.parse({ count: 100 }).count).toBe(100);
  });
  it("issue offer: 'manual' or no tier is not a valid tier", () => {
    const basic_id = '3b241101-e2bb-4255-8caf-4136c566a962';
    expect(messages(ZOfferIssueRequest, { basic_id, tier: 'manual' }).tier).toBe(
      'Please select a valid tier',
    );
    expect(messages(ZOfferIssueRequest, { basic_id }).tier).toBe('Please select a valid tier');
    expect(ZOfferIssueRequest.parse({ basic_id, tier: 'titan' }).tier).toBe('titan');
  });
  it('activation: last 4 exactly four digits when given; mobile access on by default', () => {
    const basic_id = '3b241101-e2bb-4255-8caf-4136c566a962';
    const msg = 'Card last 4 digits must be exactly 4 characters';
    expect(messages(ZActivationRequest, { basic_id, card_last4: '123' }).card_last4).toBe(msg);
    expect(messages(ZActivationRequest, { basic_id, card_last4: '12a4' }).card_last4).toBe(msg);
    const parsed = ZActivationRequest.parse({ basic_id, card_last4: '' });
    expect(parsed.card_last4).toBeNull();
    expect(parsed.mobile_access_enabled).toBe(true);
    expect(digitsOnly('12-3a4')).toBe('1234');
  });
});

describe('missing or mistyped fields get the spec messages, not library text', () => {
  it('contact form', () => {
    expect(messages(ZContactRequest, {})).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      message: 'Message is required',
    });
    expect(messages(ZContactRequest, { name: 7, email: [], message: null })).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      message: 'Message is required',
    });
  });

  it('application and invite code', () => {
    expect(messages(ZApplyBasicRequest, { phone: 5 })).toEqual({
      full_name: 'Full name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phone: 'Phone number must be less than 30 characters',
    });
    expect(messages(ZInviteCodeRequest, {})).toEqual({ code: 'Please enter an invite code' });
  });

  it('a null honeypot is accepted as empty', () => {
    const parsed = ZContactRequest.safeParse({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'Hello',
      website: null,
    });
    expect(parsed.success).toBe(true);
  });
});

describe('a NUL character is refused by every text field, with the field’s own message', () => {
  const id = '3b241101-e2bb-4255-8caf-4136c566a962';
  const cases: [string, z.ZodType, Record<string, unknown>, string[]][] = [
    [
      'apply-basic',
      ZApplyBasicRequest,
      { ...valid, phone: '+44 20 7946 0000', reason: 'Travel' },
      ['full_name', 'email', 'phone', 'reason'],
    ],
    [
      'eoi',
      ZEoiRequest,
      { fullName: 'Ada Lovelace', email: 'ada@example.com', phone: '1', reason: 'x' },
      ['fullName', 'email', 'phone', 'reason'],
    ],
    [
      'contact',
      ZContactRequest,
      { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello' },
      ['name', 'email', 'message'],
    ],
    ['validate-invite', ZInviteCodeRequest, { code: 'ABCD-EFGH-JKLM' }, ['code']],
    ['apply-magic-link', ZMagicLinkRequest, { email: 'ada@example.com' }, ['email']],
    ['apply-session', ZApplySessionRequest, { sid: 'abc.def' }, ['sid']],
    [
      'apply-details',
      ZApplyDetailsRequest,
      {
        ...valid,
        annual_income: 85000,
        employment_status: 'employed',
        pep_exposed: false,
        card_tier_pref: 'noir',
        ...IDENTITY_DETAILS,
      },
      ['full_name', 'email', 'date_of_birth'],
    ],
    [
      'apply-offer-action',
      ZOfferActionRequest,
      { action: 'accept', esign_name: 'Ada Lovelace' },
      ['esign_name'],
    ],
    [
      'admin-auth',
      ZAdminAuthRequest,
      { email: 'owner@waj.co.uk', passphrase: 'correct horse' },
      ['email', 'passphrase'],
    ],
    [
      'admin-invite-generate',
      ZInviteGenerateIssuedRequest,
      { count: 1, issued_to: 'ada@example.com' },
      ['issued_to'],
    ],
    [
      'admin-offer-issue',
      ZOfferIssueRequest,
      { basic_id: id, tier: 'noir', pricing_note: 'x' },
      ['pricing_note'],
    ],
    [
      'admin-activation',
      ZActivationRequest,
      { basic_id: id, card_shipment_tracking: 'RM1', card_last4: '1234' },
      ['card_shipment_tracking', 'card_last4'],
    ],
    [
      'admin-kyc-action',
      ZKycActionRequest,
      { file_id: id, action: 'reject', notes: 'n', reason: 'r' },
      ['notes', 'reason'],
    ],
    [
      'admin-legal-update',
      ZLegalUpdateRequest,
      { slug: 'privacy', title: 'Privacy', html: '<p>x</p>' },
      ['title', 'html'],
    ],
    ['admin-applicant-list', ZApplicantListRequest, { query: 'ada' }, ['query']],
    ['admin-eoi-list', ZInboxListRequest, { query: 'ada' }, ['query']],
    [
      'admin-email-test',
      ZEmailTestRequest,
      { kind: 'eoi', name: 'Ada Lovelace', email: 'ada@example.com' },
      ['name', 'email'],
    ],
  ];

  it.each(cases)('%s', (_call, schema, input, fields) => {
    expect(schema.safeParse(input).success).toBe(true);
    for (const field of fields) {
      const value = input[field] as string;
      const withNul = `${value.slice(0, 1)}\u0000${value.slice(1)}`;
      const nulMessage = messages(schema, { ...input, [field]: withNul })[field];
      // The field's own message: the same one a value of the wrong type gets.
      expect(nulMessage, field).toBeDefined();
      expect(nulMessage, field).toBe(messages(schema, { ...input, [field]: 7 })[field]);
    }
  });
});

describe('numbers are JSON numbers: nothing is coerced', () => {
  const details = {
    annual_income: 85000,
    employment_status: 'employed',
    pep_exposed: false,
    card_tier_pref: 'noir',
    ...IDENTITY_DETAILS,
  };
  it.each([null, '', false, [], '0x10', '85000', Number.NaN, Infinity, 1.5])(
    'annual income %o is refused',
    (annual_income) => {
      expect(messages(ZApplyDetailsRequest, { ...details, annual_income }).annual_income).toMatch(
        /annual income/,
      );
    },
  );
  it('a negative income is refused, a whole number of pounds accepted', () => {
    expect(messages(ZApplyDetailsRequest, { ...details, annual_income: -1 }).annual_income).toBe(
      'Annual income cannot be negative',
    );
    expect(ZApplyDetailsRequest.parse(details).annual_income).toBe(85000);
  });
  it.each([true, '2', null])('page %o is refused', (page) => {
    expect(messages(ZApplicantListRequest, { page }).page).toBe('Page must be a whole number');
    expect(messages(ZAuditListRequest, { page }).page).toBe('Page must be a whole number');
  });
  it('typed digits become a number only when they spell one', () => {
    expect(parseWholeNumber(' 85000 ')).toBe(85000);
    expect(parseWholeNumber('2.5')).toBe(2.5);
    for (const typed of ['', '0x10', '1e3', '12abc', 'Infinity']) {
      expect(parseWholeNumber(typed)).toBeNaN();
    }
  });
});

describe('apply-details: date of birth and UK address (CONTRACT §8)', () => {
  const details = {
    annual_income: 85000,
    employment_status: 'employed',
    pep_exposed: false,
    card_tier_pref: 'noir',
    ...IDENTITY_DETAILS,
  };
  const withAddress = (patch: Record<string, unknown>) => ({
    ...details,
    address: { ...IDENTITY_DETAILS.address, ...patch },
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts the shared fixture as it is', () => {
    const parsed = ZApplyDetailsRequest.parse(details);
    expect(parsed.date_of_birth).toBe('1985-03-14');
    expect(parsed.address).toEqual({
      line1: '1 High Street',
      line2: null,
      town: 'London',
      postcode: 'SW1A 1AA',
    });
  });

  it('refuses someone who turns 18 tomorrow, and accepts someone who turns 18 today', () => {
    const tooYoung = birthdayYearsAgo(18, 1);
    expect(messages(ZApplyDetailsRequest, { ...details, date_of_birth: tooYoung })).toEqual({
      date_of_birth: 'You must be 18 or over to apply',
    });
    const eighteen = birthdayYearsAgo(18);
    const parsed = ZApplyDetailsRequest.safeParse({ ...details, date_of_birth: eighteen });
    expect(parsed.success, eighteen).toBe(true);
    expect(parsed.data?.date_of_birth).toBe(eighteen);
  });

  it('turns 18 at midnight in the UK, not at midnight UTC', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 23:30 UTC on 14 June is 00:30 on 15 June in London (BST).
    vi.setSystemTime(new Date('2026-06-14T23:30:00Z'));
    expect(messages(ZApplyDetailsRequest, { ...details, date_of_birth: '2008-06-15' })).toEqual({});
    expect(messages(ZApplyDetailsRequest, { ...details, date_of_birth: '2008-06-16' })).toEqual({
      date_of_birth: 'You must be 18 or over to apply',
    });
    // A minute before UK midnight the birthday has not come yet.
    vi.setSystemTime(new Date('2026-06-14T22:59:00Z'));
    expect(messages(ZApplyDetailsRequest, { ...details, date_of_birth: '2008-06-15' })).toEqual({
      date_of_birth: 'You must be 18 or over to apply',
    });
  });

  it.each([
    '2001-02-30',
    '2001-13-01',
    '2001-00-10',
    '1985-3-14',
    '14/03/1985',
    '1985-03-14T00:00',
  ])('refuses %o as not a real date', (date_of_birth) => {
    expect(messages(ZApplyDetailsRequest, { ...details, date_of_birth })).toEqual({
      date_of_birth: 'Please enter a real date of birth',
    });
  });

  it('accepts 29 February in a leap year', () => {
    expect(
      ZApplyDetailsRequest.safeParse({ ...details, date_of_birth: '2000-02-29' }).success,
    ).toBe(true);
    expect(messages(ZApplyDetailsRequest, { ...details, date_of_birth: '2001-02-29' })).toEqual({
      date_of_birth: 'Please enter a real date of birth',
    });
  });

  it.each([undefined, null, '', '   ', 19850314])(
    'refuses a missing date of birth (%o)',
    (value) => {
      const { date_of_birth: _omitted, ...rest } = details;
      const input = value === undefined ? rest : { ...rest, date_of_birth: value };
      expect(messages(ZApplyDetailsRequest, input)).toEqual({
        date_of_birth: 'Please enter your date of birth',
      });
    },
  );

  it('refuses a date in the future or beyond any living age', () => {
    for (const date_of_birth of [birthdayYearsAgo(-1), birthdayYearsAgo(0, 1), '1850-01-01']) {
      expect(messages(ZApplyDetailsRequest, { ...details, date_of_birth }), date_of_birth).toEqual({
        date_of_birth: 'Please check your date of birth',
      });
    }
  });

  it.each([' sw1a1aa ', 'SW1A1AA', 'sw1a 1aa', 'SW1A  1AA'])(
    'normalises postcode %o to SW1A 1AA',
    (postcode) => {
      expect(ZApplyDetailsRequest.parse(withAddress({ postcode })).address.postcode).toBe(
        'SW1A 1AA',
      );
    },
  );

  it('normalises other UK postcode shapes too', () => {
    expect(ZApplyDetailsRequest.parse(withAddress({ postcode: 'm11ae' })).address.postcode).toBe(
      'M1 1AE',
    );
    expect(ZApplyDetailsRequest.parse(withAddress({ postcode: 'ec1a1bb' })).address.postcode).toBe(
      'EC1A 1BB',
    );
  });

  it.each(['SW1A', 'SW1A 1A', '12345', 'ABC 123', 'SW1A 1AAA', '', '   ', 'x'.repeat(40), 7, null])(
    'refuses the malformed postcode %o',
    (postcode) => {
      expect(messages(ZApplyDetailsRequest, withAddress({ postcode }))).toEqual({
        'address.postcode': 'Please enter a valid UK postcode',
      });
    },
  );

  it('takes line 2 as optional: absent or blank is null, given is trimmed', () => {
    const { line1, town, postcode } = IDENTITY_DETAILS.address;
    const without = ZApplyDetailsRequest.parse({ ...details, address: { line1, town, postcode } });
    expect(without.address.line2).toBeNull();
    for (const line2 of ['', '   ', null]) {
      expect(ZApplyDetailsRequest.parse(withAddress({ line2 })).address.line2).toBeNull();
    }
    expect(ZApplyDetailsRequest.parse(withAddress({ line2: '  Flat 2 ' })).address.line2).toBe(
      'Flat 2',
    );
  });

  it('trims line 1 and the town', () => {
    const parsed = ZApplyDetailsRequest.parse(
      withAddress({ line1: '  1 High Street ', town: ' London  ' }),
    );
    expect(parsed.address).toMatchObject({ line1: '1 High Street', town: 'London' });
  });

  it.each([
    [{ line1: '' }, 'address.line1', 'Please enter the first line of your address'],
    [{ line1: '   ' }, 'address.line1', 'Please enter the first line of your address'],
    [{ line1: undefined }, 'address.line1', 'Please enter the first line of your address'],
    [{ line1: 7 }, 'address.line1', 'Please enter the first line of your address'],
    [{ town: '' }, 'address.town', 'Please enter your town or city'],
    [{ town: '  ' }, 'address.town', 'Please enter your town or city'],
    [{ town: undefined }, 'address.town', 'Please enter your town or city'],
    [{ line1: 'x'.repeat(101) }, 'address.line1', 'Address lines must be less than 100 characters'],
    [{ line2: 'x'.repeat(101) }, 'address.line2', 'Address lines must be less than 100 characters'],
    [{ town: 'x'.repeat(101) }, 'address.town', 'Address lines must be less than 100 characters'],
  ])('address %o → %s: %s', (patch, field, message) => {
    expect(messages(ZApplyDetailsRequest, withAddress(patch))).toEqual({ [field]: message });
  });

  it('accepts address lines of exactly 100 characters', () => {
    const line = 'x'.repeat(100);
    expect(
      ZApplyDetailsRequest.safeParse(withAddress({ line1: line, line2: line, town: line })).success,
    ).toBe(true);
  });

  it.each([undefined, null, 'SW1A 1AA', []])('refuses a missing address (%o)', (address) => {
    const { address: _omitted, ...rest } = details;
    const input = address === undefined ? rest : { ...rest, address };
    expect(messages(ZApplyDetailsRequest, input)).toEqual({
      address: 'Please enter the first line of your address',
    });
  });

  it.each(['line1', 'line2', 'town', 'postcode'] as const)(
    'refuses a NUL character in address.%s with the field’s own message',
    (field) => {
      const value = field === 'line2' ? 'Flat 2' : IDENTITY_DETAILS.address[field];
      const withNul = `${value.slice(0, 1)}\u0000${value.slice(1)}`;
      const nul = messages(ZApplyDetailsRequest, withAddress({ [field]: withNul }))[
        `address.${field}`
      ];
      expect(nul).toBeDefined();
      expect(nul).toBe(
        messages(ZApplyDetailsRequest, withAddress({ [field]: 7 }))[`address.${field}`],
      );
    },
  );
});

describe('ZReportRequest', () => {
  const issues = (input: object) => {
    const result = ZReportRequest.safeParse(input);
    return result.success
      ? []
      : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes two real days in order, at most two years apart', () => {
    expect(issues({ from: '2026-01-01', to: '2026-12-31' })).toEqual([]);
    expect(issues({ from: '2026-03-02', to: '2026-03-01' })).toEqual([
      'to: To must be on or after From',
    ]);
    expect(issues({ from: '2020-01-01', to: '2026-01-01' })).toEqual([
      'to: A report covers at most two years',
    ]);
  });

  it('names only the bad date, never an order error it would cause', () => {
    // Date.parse reads 30 February as 2 March, which is after 1 March.
    expect(issues({ from: '2026-02-30', to: '2026-03-01' })).toEqual([
      'from: From must be a date (YYYY-MM-DD)',
    ]);
    expect(issues({ from: '2026-01-01', to: 'soon' })).toEqual([
      'to: To must be a date (YYYY-MM-DD)',
    ]);
  });
});
