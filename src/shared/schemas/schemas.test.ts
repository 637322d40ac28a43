import { ZAdminAuthRequest } from './staff.ts';
import { describe, expect, it } from 'vitest';
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
      },
      ['full_name', 'email'],
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
