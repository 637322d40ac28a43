import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { ApplicantCaseResponse, CaseFile } from '#shared/schemas/case.ts';
import type { Escalation } from '#shared/schemas/casework.ts';
import type { ScreeningAlert } from '#shared/schemas/screening.ts';
import type { AdminMeResponse } from '#shared/schemas/staff.ts';
import type { StaffMember, StaffRole } from '#shared/staff.ts';
import { caseKey } from '#client/lib/staff/api/case.ts';
import { meKey } from '#client/lib/staff/api/get-me.ts';
import {
  deferredReply,
  refusal,
  renderWithClient,
  stubApi,
  testQueryClient,
} from '#tests/helpers/component-render.ts';
import { CaseScreen } from './case-screen.tsx';

const BASIC_ID = '6f1d2c3b-8a9e-4b7c-9d0e-1f2a3b4c5d6e';
const HOUR_AGO = new Date(Date.now() - 60 * 60 * 1000).toISOString();

const member = (role: StaffRole): StaffMember => ({
  id: `staff-${role}`,
  email: `${role}@waj.test`,
  name: `Sam ${role}`,
  role,
});

type CaseData = ApplicantCaseResponse;
type Overrides = Partial<Omit<CaseData, 'applicant'>> & {
  applicant?: Partial<CaseData['applicant']>;
};

function caseOf({ applicant, ...rest }: Overrides = {}): CaseData {
  const stage = applicant?.stage ?? 'kyc';
  return {
    ok: true,
    applicant: {
      id: BASIC_ID,
      full_name: 'Amelia Hart',
      email: 'amelia@example.com',
      phone: '+44 7700 900123',
      source: 'application',
      created_at: HOUR_AGO,
      stage,
      stage_changed_at: HOUR_AGO,
      tier_assigned: 'noir',
      tier_accepted: null,
      tier_override: null,
      ...applicant,
    },
    details: null,
    files: { document: null, selfie: null },
    own_screening: null,
    notes: [],
    screening: null,
    offer: null,
    activation: null,
    emails: [],
    assignee: null,
    case: {
      stage,
      created_at: HOUR_AGO,
      declined_at: null,
      decline_reason: null,
      erased_at: null,
      erasure_reason: null,
      erasure_request: null,
    },
    timeline: null,
    escalation: null,
    held: false,
    decline_request: null,
    service_level: null,
    ...rest,
  };
}

/** The case screen for `role`, its member and case already known (no request needed). */
function openCase(role: StaffRole, data: CaseData = caseOf()) {
  const client = testQueryClient();
  client.setQueryData<AdminMeResponse>(meKey, { ok: true, staff: member(role) });
  client.setQueryData(caseKey(BASIC_ID), data);
  return renderWithClient(<CaseScreen basicId={BASIC_ID} />, { client });
}

const actions = () => screen.getByRole('region', { name: 'Actions' });
const actionButtons = () =>
  within(actions())
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('CaseScreen: the actions each role sees', () => {
  it('operations at the kyc stage: Resend link only (no decline, override or offer)', () => {
    stubApi({});
    openCase('operations');
    expect(screen.getByRole('heading', { level: 1, name: 'Amelia Hart' })).toBeInTheDocument();
    expect(actionButtons()).toEqual(['Resend link']);
  });

  it('compliance at the kyc stage: Issue offer, Override tier, Escalate and Request decline, but no Resend link', () => {
    stubApi({});
    openCase('compliance');
    expect(actionButtons()).toEqual([
      'Issue offer',
      'Override tier',
      'Escalate to MLRO',
      'Request decline',
    ]);
  });

  it('an owner at the kyc stage: every action', () => {
    stubApi({});
    openCase('owner');
    expect(actionButtons()).toEqual([
      'Issue offer',
      'Override tier',
      'Resend link',
      'Escalate to MLRO',
      'Request decline',
    ]);
  });

  it('the MLRO at the kyc stage: nothing to do in Actions (they decide escalations)', () => {
    stubApi({});
    openCase('mlro');
    expect(actionButtons()).toEqual([]);
    expect(actions()).toHaveTextContent('Nothing to do here for your role at this stage.');
  });

  it('a declined case can still be escalated (a suspicion outlives the decline), and nothing else', () => {
    stubApi({});
    openCase('owner', caseOf({ applicant: { stage: 'declined' } }));
    expect(actionButtons()).toEqual(['Escalate to MLRO']);
    expect(screen.queryByRole('button', { name: 'Override tier' })).not.toBeInTheDocument();
  });

  it('no Resend link for an applicant without an e-mail address', () => {
    stubApi({});
    openCase('owner', caseOf({ applicant: { email: null } }));
    expect(actionButtons()).not.toContain('Resend link');
  });

  it('an offer waiting for approval: no second Issue offer, and the wait is named', () => {
    stubApi({});
    openCase(
      'compliance',
      caseOf({
        offer: {
          id: 'offer-1',
          tier: 'noir',
          downgraded_from: null,
          approval_status: 'pending_approval',
          issued_at: HOUR_AGO,
          accepted_at: null,
          signed_name: null,
        },
      }),
    );
    expect(actionButtons()).toEqual(['Override tier', 'Escalate to MLRO', 'Request decline']);
    expect(actions()).toHaveTextContent("An offer waits for an owner's approval.");
  });

  it('a Veriff decline waiting for staff: compliance may approve the identity, operations may not', () => {
    stubApi({});
    const declined = caseOf({
      applicant: { stage: 'kyc_in_progress' },
      screening: {
        provider: 'veriff',
        status: 'approved',
        decision: 'declined',
        pep: false,
        sanctions: false,
        sanctions_cleared_at: null,
        watchlist_match: 'no_match',
        watchlist_kinds: [],
        staff_approval: null,
        country: 'GB',
        last_event: null,
        last_event_at: null,
      },
    });
    const { unmount } = openCase('compliance', declined);
    expect(actionButtons()).toEqual([
      'Approve identity',
      'Override tier',
      'Escalate to MLRO',
      'Request decline',
    ]);
    unmount();
    openCase('operations', declined);
    expect(actionButtons()).toEqual(['Resend link']);
  });

  it('pending identity files: compliance approves or rejects each, operations cannot open them', () => {
    // The file previews stay loading: this test is about the buttons.
    stubApi({
      '/admin-kyc-file/file-document': deferredReply().handler,
      '/admin-kyc-file/file-selfie': deferredReply().handler,
    });
    const file = (type: CaseFile['type']): CaseFile => ({
      id: `file-${type}`,
      type,
      status: 'pending',
      content_type: 'image/jpeg',
      uploaded_at: HOUR_AGO,
      notes: null,
      rejection_reason: null,
      reviewed_at: null,
    });
    const withFiles = caseOf({ files: { document: file('document'), selfie: file('selfie') } });
    const { unmount } = openCase('compliance', withFiles);
    // 'Approve Government ID' in a browser: jsdom's accessible name drops the space before the
    // visually hidden part of the label.
    for (const name of [
      /^Approve ?Government ID$/,
      /^Reject ?Government ID$/,
      /^Approve ?Selfie Photo$/,
      /^Reject ?Selfie Photo$/,
    ]) {
      expect(within(actions()).getByRole('button', { name })).toBeInTheDocument();
    }
    unmount();
    openCase('operations', withFiles);
    expect(actionButtons()).toEqual(['Resend link']);
    expect(screen.getAllByText('Your role does not open identity files.')).toHaveLength(2);
  });
});

describe('CaseScreen: acting on the case', () => {
  it('Request decline opens the reason dialog for this applicant, saying a second member approves', async () => {
    stubApi({});
    const { user } = openCase('compliance');
    await user.click(within(actions()).getByRole('button', { name: 'Request decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Request decline' });
    expect(dialog).toHaveTextContent(
      'Amelia Hart: the decline takes effect only when a second member (an owner or compliance, not you) approves it',
    );
  });

  it('Resend link sends it once, shows Sending... meanwhile, and confirms', async () => {
    const reply = deferredReply();
    const api = stubApi({ '/admin-applicant-resend-link': reply.handler });
    const success = vi.spyOn(toast, 'success');
    const { user } = openCase('operations');
    await user.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    reply.release({ body: { ok: true } });
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Link sent'));
    expect(api.calls[0]).toEqual({
      path: '/admin-applicant-resend-link',
      body: { basic_id: BASIC_ID },
    });
  });

  it('someone else has the case: compliance may take it over, only an owner may also release it', () => {
    stubApi({});
    const theirs = caseOf({
      assignee: { id: 'staff-other', name: 'Noor Saleh', assigned_at: HOUR_AGO },
    });
    const { unmount } = openCase('compliance', theirs);
    expect(screen.getByTestId('case-assignee')).toHaveTextContent('Assigned to Noor Saleh');
    expect(screen.getByRole('button', { name: 'Take over' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release' })).not.toBeInTheDocument();
    unmount();
    openCase('owner', theirs);
    expect(screen.getByRole('button', { name: 'Take over' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Release' })).toBeInTheDocument();
  });

  it('an unassigned case can be taken; one’s own case can be released', async () => {
    const api = stubApi({
      '/admin-case-assign': () => ({
        body: {
          ok: true,
          assignee: { id: 'staff-operations', name: 'Sam operations', assigned_at: HOUR_AGO },
        },
      }),
    });
    const { user, unmount } = openCase('operations');
    expect(screen.getByTestId('case-assignee')).toHaveTextContent('Unassigned');
    await user.click(screen.getByRole('button', { name: 'Take case' }));
    await vi.waitFor(() =>
      expect(api.calls).toContainEqual({
        path: '/admin-case-assign',
        body: { basic_id: BASIC_ID, action: 'take' },
      }),
    );
    unmount();
    openCase(
      'operations',
      caseOf({
        assignee: { id: 'staff-operations', name: 'Sam operations', assigned_at: HOUR_AGO },
      }),
    );
    expect(screen.getByTestId('case-assignee')).toHaveTextContent('Assigned to you');
    expect(screen.getByRole('button', { name: 'Release' })).toBeInTheDocument();
  });
});

describe('CaseScreen: loading and failure', () => {
  it('an unknown or erased application reads as not found', async () => {
    stubApi({ '/admin-applicant-case': () => refusal(404, 'Application not found') });
    const client = testQueryClient();
    client.setQueryData<AdminMeResponse>(meKey, { ok: true, staff: member('owner') });
    renderWithClient(<CaseScreen basicId={BASIC_ID} />, { client });
    expect(screen.getByRole('status')).toHaveTextContent('Loading case...');
    expect(await screen.findByText('Application not found')).toBeInTheDocument();
    expect(
      screen.getByText('It may have been erased, or the address is mistyped.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to applicants' })).toHaveAttribute(
      'href',
      '/admin?tab=applicants',
    );
  });

  it('a server failure offers Try again, which loads the case', async () => {
    let calls = 0;
    stubApi({
      '/admin-applicant-case': () =>
        ++calls === 1 ? refusal(500, 'Internal error') : { body: caseOf() },
    });
    const client = testQueryClient();
    client.setQueryData<AdminMeResponse>(meKey, { ok: true, staff: member('owner') });
    const { user } = renderWithClient(<CaseScreen basicId={BASIC_ID} />, { client });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the case');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Amelia Hart' }),
    ).toBeInTheDocument();
  });
});

const DETAILS: NonNullable<CaseData['details']> = {
  annual_income: 85_000,
  employment_status: 'employed',
  pep_declared: false,
  preferred_tier: 'noir',
  date_of_birth: '1985-03-14',
  address: { line1: '1 High Street', line2: 'Flat 2', town: 'London', postcode: 'SW1A 1AA' },
  document_date_of_birth: null,
};

const alert = (overrides: Partial<ScreeningAlert> = {}): ScreeningAlert => ({
  id: '9a7b6c5d-4e3f-4a2b-8c1d-0e9f8a7b6c5d',
  application_id: BASIC_ID,
  status: 'open',
  source: 'builtin',
  kind: 'sanctions',
  score: 0.91,
  matched_name: 'Amelia Harte',
  list_version: 4,
  created_at: HOUR_AGO,
  entry: {
    list: 'uk',
    entry_id: '15234',
    name: 'Amalia HARTE',
    dates_of_birth: ['1985'],
    nationalities: ['Russia'],
    programmes: ['Russia'],
  },
  applicant: { full_name: 'Amelia Hart', date_of_birth: '1985-03-14', nationality: 'GB' },
  clear_request: null,
  decision: null,
  ...overrides,
});

const details = () => screen.getByRole('region', { name: 'Declared details' });

describe('CaseScreen: identity details (CONTRACT §8)', () => {
  it('shows the date of birth and the address the applicant gave', () => {
    stubApi({});
    openCase('compliance', caseOf({ details: DETAILS }));
    expect(details()).toHaveTextContent('Date of birth14 March 1985');
    expect(details()).toHaveTextContent('Address1 High Street, Flat 2, London, SW1A 1AA');
    expect(screen.queryByText(/Differs from the document/)).not.toBeInTheDocument();
  });

  it('flags, in words, a date of birth that differs from the one read from the document', () => {
    stubApi({});
    openCase(
      'compliance',
      caseOf({ details: { ...DETAILS, document_date_of_birth: '1985-04-13' } }),
    );
    expect(within(details()).getByTestId('dob-mismatch')).toHaveTextContent(
      'Differs from the document: 13 April 1985',
    );
  });

  it('no flag when the document agrees', () => {
    stubApi({});
    openCase(
      'compliance',
      caseOf({ details: { ...DETAILS, document_date_of_birth: '1985-03-14' } }),
    );
    expect(screen.queryByTestId('dob-mismatch')).not.toBeInTheDocument();
  });
});

describe('CaseScreen: screening alerts (CONTRACT §8)', () => {
  const alerts = () => screen.getByRole('region', { name: 'Screening alerts' });

  it('not screened yet, and no alerts', () => {
    stubApi({});
    openCase('compliance', caseOf({ own_screening: { screened_at: null, alerts: [] } }));
    expect(alerts()).toHaveTextContent('Last screenedNot screened yet');
    expect(alerts()).toHaveTextContent('No screening alerts.');
  });

  it('each alert with its list, entry, matched name, score, kind and status, and its actions', () => {
    stubApi({});
    openCase('compliance', caseOf({ own_screening: { screened_at: HOUR_AGO, alerts: [alert()] } }));
    const row = within(alerts()).getByTestId('case-screening-alert');
    expect(row).toHaveTextContent('Amalia HARTE');
    expect(row).toHaveTextContent('UK Sanctions List (FCDO), version 4');
    expect(row).toHaveTextContent('Matched nameAmelia Harte');
    expect(row).toHaveTextContent('Score0.91');
    expect(row).toHaveTextContent('Sanctions');
    expect(within(row).getByTestId('alert-status')).toHaveTextContent('Open');
    expect(within(row).getByRole('button', { name: /^Confirm match/ })).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: /^Clear as false positive/ }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Not screened yet')).not.toBeInTheDocument();
  });

  it('is not shown to operations (own_screening is null for them)', () => {
    stubApi({});
    openCase('operations');
    expect(screen.queryByRole('region', { name: 'Screening alerts' })).not.toBeInTheDocument();
  });
});

describe('CaseScreen: notes', () => {
  const notesBlock = () => screen.getByRole('region', { name: 'Notes' });

  it('lists notes newest first with author and time; says when there are none', () => {
    stubApi({});
    openCase('operations');
    expect(notesBlock()).toHaveTextContent('No notes yet.');
  });

  it('adds a note with the schema’s message for an empty one, then clears the box', async () => {
    const api = stubApi({
      '/admin-case-note-add': (body) => ({
        body: {
          ok: true,
          note: {
            id: 'note-2',
            text: (body as { text: string }).text,
            author: 'Sam operations',
            created_at: HOUR_AGO,
          },
        },
      }),
    });
    const { user } = openCase(
      'operations',
      caseOf({
        notes: [
          {
            id: 'note-1',
            text: 'Called the applicant',
            author: 'Sam compliance',
            created_at: HOUR_AGO,
          },
        ],
      }),
    );
    const list = within(notesBlock()).getByRole('list', { name: 'Case notes, newest first' });
    expect(list).toHaveTextContent('Called the applicant');
    expect(list).toHaveTextContent('Sam compliance');

    await user.click(within(notesBlock()).getByRole('button', { name: 'Add note' }));
    expect(await within(notesBlock()).findByText('Please write a note')).toBeInTheDocument();
    expect(api.pathsCalled()).not.toContain('/admin-case-note-add');

    const box = within(notesBlock()).getByLabelText('New note');
    await user.type(box, 'Proof of address received');
    await user.click(within(notesBlock()).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(api.calls.find((call) => call.path === '/admin-case-note-add')?.body).toEqual({
      basic_id: BASIC_ID,
      text: 'Proof of address received',
    });
  });
});

const DAY_AGO = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
const IN_TWO_DAYS = new Date(Date.now() + 50 * 60 * 60 * 1000).toISOString();

const escalationOf = (overrides: Partial<Escalation> = {}): Escalation => ({
  id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  status: 'open',
  reason: 'Cash deposits do not match declared income',
  escalated_by: { id: 'staff-compliance', name: 'Sam compliance' },
  escalated_at: DAY_AGO,
  due_at: IN_TWO_DAYS,
  decision: null,
  reference: null,
  decision_reason: null,
  decided_by: null,
  decided_at: null,
  ...overrides,
});

const escalationBlock = () => screen.getByRole('region', { name: 'MLRO escalation' });

describe('CaseScreen: a decline waiting for a second member', () => {
  const requested = caseOf({
    decline_request: {
      id: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
      reason: 'Source of funds unclear',
      requested_by: { id: 'staff-compliance', name: 'Sam compliance' },
      requested_at: HOUR_AGO,
      due_at: IN_TWO_DAYS,
    },
  });

  it('the requester sees who asked, when and why, and no second Request decline', () => {
    stubApi({});
    openCase('compliance', requested);
    const note = within(actions()).getByTestId('decline-request');
    expect(note).toHaveTextContent("Decline requested — waiting for a second member's approval");
    expect(note).toHaveTextContent('Requested by Sam compliance on');
    expect(note).toHaveTextContent('Source of funds unclear');
    expect(note).toHaveTextContent('You asked for this: another member must approve it.');
    expect(actionButtons()).not.toContain('Request decline');
  });

  it('another member is pointed to the approvals queue', () => {
    stubApi({});
    openCase('owner', requested);
    const note = within(actions()).getByTestId('decline-request');
    expect(note).not.toHaveTextContent('You asked for this');
    expect(within(note).getByRole('link', { name: 'Open the approvals queue' })).toHaveAttribute(
      'href',
      '/admin?tab=approvals',
    );
  });
});

describe('CaseScreen: escalation to the MLRO', () => {
  it('compliance escalates with a reason: the dialog says what happens, then posts it', async () => {
    const api = stubApi({
      '/admin-case-escalate': () => ({ body: { ok: true, escalation: escalationOf() } }),
    });
    const success = vi.spyOn(toast, 'success');
    const { user } = openCase('compliance');
    await user.click(within(actions()).getByRole('button', { name: 'Escalate to MLRO' }));
    const dialog = screen.getByRole('dialog', { name: 'Escalate to MLRO' });
    expect(dialog).toHaveTextContent(
      'This case goes to the MLRO and is held: no offer or activation until they decide. The applicant is not told.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Escalate' }));
    expect(
      await within(dialog).findByText('Please give a reason for the escalation'),
    ).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason (internal)' }),
      'Unusual deposits',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Escalate' }));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Case escalated to the MLRO'));
    expect(api.calls.find((call) => call.path === '/admin-case-escalate')?.body).toEqual({
      basic_id: BASIC_ID,
      reason: 'Unusual deposits',
    });
  });

  it('held: the badge, the open escalation, no second Escalate and no Issue offer', () => {
    stubApi({});
    openCase('compliance', caseOf({ held: true, escalation: escalationOf() }));
    expect(screen.getByTestId('held-badge')).toHaveTextContent('Held for the MLRO');
    expect(actionButtons()).toEqual(['Override tier', 'Request decline']);
    expect(actions()).toHaveTextContent('Held for the MLRO: no offer until they decide.');
    const block = escalationBlock();
    expect(block).toHaveTextContent('With the MLRO');
    expect(block).toHaveTextContent('due in 2 days');
    expect(block).toHaveTextContent('Sam compliance on');
    expect(block).toHaveTextContent('Cash deposits do not match declared income');
    expect(block).toHaveTextContent('The MLRO decides; until then no offer or activation.');
    expect(within(block).queryByRole('button')).not.toBeInTheDocument();
  });

  it('operations see only that the case is held, never why', () => {
    stubApi({});
    openCase('operations', caseOf({ held: true, escalation: null }));
    expect(screen.getByTestId('held-badge')).toHaveTextContent('Held for the MLRO');
    expect(screen.queryByRole('region', { name: 'MLRO escalation' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Cash deposits/)).not.toBeInTheDocument();
  });

  it('the MLRO records the decision from the case with the same dialog as their tab', async () => {
    const api = stubApi({
      '/admin-case-mlro-decide': () => ({
        body: { ok: true, escalation: escalationOf({ status: 'closed', decision: 'no_report' }) },
      }),
    });
    const { user } = openCase('mlro', caseOf({ held: true, escalation: escalationOf() }));
    await user.click(within(escalationBlock()).getByRole('button', { name: 'Record decision' }));
    const dialog = screen.getByRole('dialog', { name: 'Record MLRO decision' });
    await user.click(within(dialog).getByRole('radio', { name: /No report/ }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason (internal)' }),
      'Salary explains it',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/admin-case-mlro-decide')?.body).toEqual({
        basic_id: BASIC_ID,
        decision: 'no_report',
        reason: 'Salary explains it',
      }),
    );
  });

  it('closed: the decision, its reference and reason, who made it and when; Escalate again', () => {
    stubApi({});
    openCase(
      'compliance',
      caseOf({
        escalation: escalationOf({
          status: 'closed',
          decision: 'reported',
          reference: 'SAR-2025-0042',
          decision_reason: 'Structuring pattern',
          decided_by: { id: 'staff-mlro', name: 'Sam mlro' },
          decided_at: HOUR_AGO,
        }),
      }),
    );
    expect(screen.queryByTestId('held-badge')).not.toBeInTheDocument();
    const block = escalationBlock();
    expect(block).toHaveTextContent('Decided');
    expect(block).toHaveTextContent('DecisionReported');
    expect(block).toHaveTextContent('ReferenceSAR-2025-0042');
    expect(block).toHaveTextContent("MLRO's reasonStructuring pattern");
    expect(block).toHaveTextContent('Decided bySam mlro on');
    expect(actionButtons()).toContain('Escalate to MLRO');
  });
});
