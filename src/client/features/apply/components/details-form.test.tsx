import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, DOB_MESSAGES } from '#shared/identity.ts';
import {
  ADDRESS_LOOKUP_EMPTY_MESSAGE,
  type ApplyGetStageResponse,
} from '#shared/schemas/journey.ts';
import {
  deferredReply,
  refusal,
  renderWithClient,
  stubApi,
} from '#tests/helpers/component-render.ts';
import { DetailsForm } from './details-form.tsx';
import { OfferPanel } from './offer-panel.tsx';

type Known = Pick<ApplyGetStageResponse, 'date_of_birth' | 'address' | 'address_lookup'>;
const NOTHING_YET: Known = { date_of_birth: null, address: null, address_lookup: false };

function renderForm(application: Known = NOTHING_YET) {
  return renderWithClient(
    <DetailsForm askName={false} askEmail={false} application={application} />,
  );
}

const field = (label: string | RegExp) => screen.getByLabelText(label);

/** A date of birth `years` ago today, as the date input writes it. */
function yearsAgo(years: number): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() - 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Everything but the date of birth and address, answered. */
async function answerTheRest(user: ReturnType<typeof renderForm>['user']) {
  await user.type(field('Annual income'), '85,000');
  await user.selectOptions(field('Employment status'), 'employed');
  await user.click(screen.getByRole('radio', { name: 'No' }));
}

const save = (user: ReturnType<typeof renderForm>['user']) =>
  user.click(screen.getByRole('button', { name: 'Save and continue' }));

describe('DetailsForm: date of birth and address', () => {
  it('asks for them with labelled fields: a date no later than today', () => {
    renderForm();
    const dob = field('Date of birth');
    expect(dob).toHaveAttribute('type', 'date');
    const max = dob.getAttribute('max') ?? '';
    expect(max).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Math.abs(Date.parse(max) - Date.now())).toBeLessThan(2 * 24 * 3600 * 1000);

    const address = screen.getByRole('group', { name: 'Your UK residential address' });
    for (const label of [
      'Address line 1',
      'Address line 2 (optional)',
      'Town or city',
      'Postcode',
    ]) {
      expect(within(address).getByLabelText(label)).toBeInTheDocument();
    }
    // No look-up configured: no button, typing only.
    expect(screen.queryByRole('button', { name: 'Find address' })).not.toBeInTheDocument();
  });

  it("shows the schema's messages beside the fields, and sends nothing", async () => {
    const api = stubApi({});
    const { user } = renderForm();
    await answerTheRest(user);
    await save(user);

    expect(await screen.findByText(DOB_MESSAGES.missing)).toBeInTheDocument();
    expect(field('Date of birth')).toHaveAccessibleDescription(
      expect.stringContaining(DOB_MESSAGES.missing),
    );
    expect(field('Address line 1')).toHaveAccessibleDescription(ADDRESS_MESSAGES.line1);
    expect(field('Town or city')).toHaveAccessibleDescription(ADDRESS_MESSAGES.town);
    expect(field('Postcode')).toHaveAccessibleDescription(ADDRESS_MESSAGES.postcode);
    expect(field('Address line 2 (optional)')).not.toHaveAttribute('aria-invalid');

    fireEvent.change(field('Date of birth'), { target: { value: yearsAgo(17) } });
    await user.type(field('Postcode'), 'NOT A POSTCODE');
    expect(await screen.findByText(DOB_MESSAGES.underage)).toBeInTheDocument();
    expect(field('Postcode')).toHaveAccessibleDescription(ADDRESS_MESSAGES.postcode);
    expect(api.calls).toEqual([]);
  });

  it('sends them with the details, the postcode normalised and an empty line 2 left out', async () => {
    const api = stubApi({ '/apply-details': () => ({ body: { ok: true, stage: 'detailed' } }) });
    const { user } = renderForm();
    await answerTheRest(user);
    fireEvent.change(field('Date of birth'), { target: { value: '1985-03-14' } });
    await user.type(field('Address line 1'), '1 High Street');
    await user.type(field('Town or city'), 'London');
    await user.type(field('Postcode'), 'sw1a1aa');
    await save(user);

    await screen.findByRole('button', { name: 'Save and continue' });
    expect(api.calls.find((c) => c.path === '/apply-details')?.body).toEqual({
      annual_income: 85000,
      employment_status: 'employed',
      pep_exposed: false,
      card_tier_pref: 'standard',
      date_of_birth: '1985-03-14',
      address: { line1: '1 High Street', line2: null, town: 'London', postcode: 'SW1A 1AA' },
    });
  });

  it("puts the server's field messages on the fields", async () => {
    stubApi({
      '/apply-details': () =>
        refusal(400, DOB_MESSAGES.underage, {
          date_of_birth: DOB_MESSAGES.underage,
          'address.postcode': ADDRESS_MESSAGES.postcode,
        }),
    });
    const { user } = renderForm({
      date_of_birth: '1985-03-14',
      address: { line1: '1 High Street', line2: null, town: 'London', postcode: 'SW1A 1AA' },
      address_lookup: false,
    });
    await answerTheRest(user);
    await save(user);
    expect(await screen.findAllByText(DOB_MESSAGES.underage)).not.toHaveLength(0);
    expect(field('Date of birth')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Postcode')).toHaveAccessibleDescription(ADDRESS_MESSAGES.postcode);
  });

  it('is filled with what the applicant gave before', () => {
    renderForm({
      date_of_birth: '1985-03-14',
      address: { line1: 'Flat 2', line2: '12 High Street', town: 'Leeds', postcode: 'LS1 4AP' },
      address_lookup: false,
    });
    expect(field('Date of birth')).toHaveValue('1985-03-14');
    expect(field('Address line 1')).toHaveValue('Flat 2');
    expect(field('Address line 2 (optional)')).toHaveValue('12 High Street');
    expect(field('Town or city')).toHaveValue('Leeds');
    expect(field('Postcode')).toHaveValue('LS1 4AP');
  });
});

describe('DetailsForm: finding an address by postcode', () => {
  const WITH_LOOKUP: Known = { ...NOTHING_YET, address_lookup: true };
  const ADDRESSES = [
    { line1: 'Flat 1', line2: 'Example House', town: 'Stoke-on-Trent', postcode: 'ST4 1AB' },
    { line1: '14 High Street', line2: null, town: 'Stoke-on-Trent', postcode: 'ST4 1AB' },
  ];

  it('offers the addresses found, and the one chosen fills the fields', async () => {
    const lookup = deferredReply();
    const api = stubApi({ '/apply-address-lookup': lookup.handler });
    const { user } = renderForm(WITH_LOOKUP);
    await user.type(field('Postcode'), 'st41ab');
    await user.click(screen.getByRole('button', { name: 'Find address' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Finding addresses...');
    lookup.release({ body: { ok: true, addresses: ADDRESSES } });
    const choice = await screen.findByLabelText('Choose your address');
    expect(api.calls).toEqual([{ path: '/apply-address-lookup', body: { postcode: 'ST4 1AB' } }]);
    expect(screen.getByRole('status')).toHaveTextContent('2 addresses found');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Select your address...',
      'Flat 1, Example House, Stoke-on-Trent, ST4 1AB',
      '14 High Street, Stoke-on-Trent, ST4 1AB',
    ]);

    await user.selectOptions(choice, '14 High Street, Stoke-on-Trent, ST4 1AB');
    expect(field('Address line 1')).toHaveValue('14 High Street');
    expect(field('Address line 2 (optional)')).toHaveValue('');
    expect(field('Town or city')).toHaveValue('Stoke-on-Trent');
    expect(field('Postcode')).toHaveValue('ST4 1AB');

    // Still typed freely afterwards.
    await user.type(field('Address line 2 (optional)'), 'Rear entrance');
    expect(field('Address line 2 (optional)')).toHaveValue('Rear entrance');
  });

  it('says so when nothing is found or the look-up fails; typing still works', async () => {
    let reply = { body: { ok: true, addresses: [] } as unknown, status: 200 };
    stubApi({ '/apply-address-lookup': () => reply });
    const { user } = renderForm(WITH_LOOKUP);
    await user.type(field('Postcode'), 'EC1A 1BB');
    await user.click(screen.getByRole('button', { name: 'Find address' }));
    expect(await screen.findByText(ADDRESS_LOOKUP_EMPTY_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByLabelText('Choose your address')).not.toBeInTheDocument();

    const down = 'Address look-up is not available right now. Please type your address.';
    reply = refusal(503, down);
    await user.click(screen.getByRole('button', { name: 'Find address' }));
    expect(await screen.findByText(down)).toBeInTheDocument();

    await user.type(field('Address line 1'), '1 Example Street');
    expect(field('Address line 1')).toHaveValue('1 Example Street');
  });

  it('checks the postcode before looking it up', async () => {
    const api = stubApi({});
    const { user } = renderForm(WITH_LOOKUP);
    await user.click(screen.getByRole('button', { name: 'Find address' }));
    expect(await screen.findByText(ADDRESS_MESSAGES.postcode)).toBeInTheDocument();
    expect(field('Postcode')).toHaveFocus();
    expect(api.calls).toEqual([]);
  });
});

describe('OfferPanel', () => {
  it('says where the card will be sent', () => {
    const application: ApplyGetStageResponse = {
      ok: true,
      basic_id: '6a7cd734-fc9c-482f-9fd9-17a0042e25a3',
      stage: 'tier_offer',
      tier_assigned: 'noir',
      tier_accepted: null,
      full_name: 'Amelia Hart',
      email: 'amelia@example.com',
      has_details: true,
      date_of_birth: '1985-03-14',
      address: { line1: 'Flat 2', line2: '12 High Street', town: 'Leeds', postcode: 'LS1 4AP' },
      address_lookup: false,
      kyc_provider: 'builtin',
      kyc_files: [],
      identity_check: null,
      offer: { tier: 'noir', downgraded_from: null, pricing_note: null, issued_at: '2026-01-01' },
    };
    renderWithClient(<OfferPanel application={application} />);
    expect(screen.getByTestId('card-delivery-address')).toHaveTextContent(
      'Your card will be sent to Flat 2, 12 High Street, Leeds, LS1 4AP.',
    );
  });
});
