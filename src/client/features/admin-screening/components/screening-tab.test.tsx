import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type {
  ScreeningAlert,
  ScreeningAlertListResponse,
  ScreeningListsResponse,
  ScreeningMatch,
} from '#shared/schemas/screening.ts';
import type { AdminMeResponse } from '#shared/schemas/staff.ts';
import type { StaffRole } from '#shared/staff.ts';
import { meKey } from '#client/lib/staff/api/get-me.ts';
import {
  expectConsoleErrors,
  refusal,
  renderWithClient,
  stubApi,
  testQueryClient,
  type StubReply,
} from '#tests/helpers/component-render.ts';
import ScreeningTab from './screening-tab.tsx';

const BASIC_ID = '6f1d2c3b-8a9e-4b7c-9d0e-1f2a3b4c5d6e';
const TWO_DAYS_AGO = new Date(Date.now() - 50 * 60 * 60 * 1000).toISOString();

const alertOf = (overrides: Partial<ScreeningAlert> = {}): ScreeningAlert => ({
  id: '9a7b6c5d-4e3f-4a2b-8c1d-0e9f8a7b6c5d',
  application_id: BASIC_ID,
  status: 'open',
  source: 'builtin',
  kind: 'sanctions',
  score: 0.91,
  matched_name: 'Amelia Harte',
  list_version: 4,
  created_at: TWO_DAYS_AGO,
  entry: {
    list: 'un',
    entry_id: 'QDi.123',
    name: 'Amalia HARTE',
    dates_of_birth: ['1985', '1986-02-01'],
    nationalities: ['Russian Federation'],
    programmes: ['DPRK'],
  },
  applicant: { full_name: 'Amelia Hart', date_of_birth: '1985-03-14', nationality: 'GB' },
  clear_request: null,
  decision: null,
  ...overrides,
});

/** An open alert raised two days ago is past its 24-hour service level. */
const page = (alerts: ScreeningAlert[]): ScreeningAlertListResponse => ({
  ok: true,
  alerts: alerts.map((alert) => ({
    ...alert,
    due_at:
      alert.status === 'open'
        ? new Date(Date.parse(alert.created_at) + 24 * 3_600_000).toISOString()
        : null,
  })),
  total: alerts.length,
  page: 1,
  page_size: 20,
});

const NO_LISTS: ScreeningListsResponse = { ok: true, lists: [] };

type Routes = Record<string, (body: unknown) => StubReply | Promise<StubReply>>;

function openTab(routes: Routes = {}, role: StaffRole = 'compliance') {
  const api = stubApi({
    '/admin-screening-alert-list': () => ({ body: page([alertOf()]) }),
    '/admin-screening-lists': () => ({ body: NO_LISTS }),
    ...routes,
  });
  const client = testQueryClient();
  client.setQueryData<AdminMeResponse>(meKey, {
    ok: true,
    staff: { id: `staff-${role}`, email: `${role}@waj.test`, name: `Sam ${role}`, role },
  });
  return { api, ...renderWithClient(<ScreeningTab />, { client }) };
}

const alertsSection = () => screen.getByRole('region', { name: 'Screening alerts' });
const listsSection = () => screen.getByRole('region', { name: 'Lists' });

describe('ScreeningTab: the alerts queue', () => {
  it('shows the applicant side by side with the entry that matched', async () => {
    openTab();
    const card = await screen.findByRole('article', { name: 'Amelia Hart' });
    expect(within(card).getByTestId('alert-status')).toHaveTextContent('Open');
    expect(card).toHaveTextContent('Sanctions');
    expect(card).toHaveTextContent('Score 0.91');
    expect(card).toHaveTextContent('UN Consolidated List, version 4');
    expect(card).toHaveTextContent('waiting 2 days');
    // Past its 24-hour service level: marked in words, not by colour alone.
    expect(card).toHaveTextContent('Overdue');
    expect(card).toHaveTextContent('overdue by 1 day');
    expect(within(card).getByRole('link', { name: /^Open case ?of Amelia Hart$/ })).toHaveAttribute(
      'href',
      `/admin/applicants/${BASIC_ID}`,
    );

    const table = within(card).getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Detail', 'Applicant', 'List entry']);
    const row = (label: string) =>
      within(table).getByRole('cell', { name: label }).closest('tr') as HTMLElement;
    const cells = (label: string) =>
      within(row(label))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Name')).toEqual([
      'Name',
      'Amelia Hart',
      'Amalia HARTEMatched name: Amelia Harte',
    ]);
    expect(cells('Date of birth')).toEqual([
      'Date of birth',
      '14 March 1985',
      '1985, 1 February 1986',
    ]);
    expect(cells('Nationality')).toEqual(['Nationality', 'United Kingdom', 'Russian Federation']);
    expect(cells('Programmes')).toEqual(['Programmes', '—', 'DPRK']);
    expect(cells('Entry id')).toEqual(['Entry id', '—', 'QDi.123']);
  });

  it('asks for the live alerts first, then those of the status chosen', async () => {
    const { api, user } = openTab();
    await screen.findByRole('article', { name: 'Amelia Hart' });
    expect(api.calls).toContainEqual({
      path: '/admin-screening-alert-list',
      body: { page: 1, page_size: 20 },
    });
    await user.click(within(alertsSection()).getByRole('combobox', { name: 'Show' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Live',
      'Open',
      'Confirmed',
      'Awaiting approval',
      'Cleared',
    ]);
    await user.click(screen.getByRole('option', { name: 'Awaiting approval' }));
    await vi.waitFor(() =>
      expect(api.calls).toContainEqual({
        path: '/admin-screening-alert-list',
        body: { page: 1, page_size: 20, status: 'clear_requested' },
      }),
    );
  });

  it('says when there is nothing to work', async () => {
    openTab({ '/admin-screening-alert-list': () => ({ body: page([]) }) });
    expect(await within(alertsSection()).findByText('No alerts to work')).toBeInTheDocument();
  });

  it('a clearance the member asked for offers them no approval', async () => {
    openTab({
      '/admin-screening-alert-list': () => ({
        body: page([
          alertOf({
            status: 'clear_requested',
            clear_request: {
              by: 'Sam compliance',
              by_id: 'staff-compliance',
              at: TWO_DAYS_AGO,
              reason: 'Born 1962',
            },
          }),
        ]),
      }),
    });
    const card = await screen.findByRole('article', { name: 'Amelia Hart' });
    expect(within(card).getByTestId('alert-status')).toHaveTextContent(
      'Clearance awaiting approval',
    );
    expect(card).toHaveTextContent('Clearance asked for by Sam compliance');
    expect(
      within(card).queryByRole('button', { name: /^Approve clearance/ }),
    ).not.toBeInTheDocument();
    expect(card).toHaveTextContent('You asked for this clearance: another member must approve it.');
  });

  it('a failed load says so and offers Try again', async () => {
    const logged = expectConsoleErrors();
    openTab({ '/admin-screening-alert-list': () => refusal(500, 'Internal error') });
    expect(await within(alertsSection()).findByRole('alert')).toHaveTextContent(
      'Failed to load screening alerts',
    );
    expect(within(alertsSection()).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('admin-screening-alert-list failed', expect.anything());
  });
});

describe('ScreeningTab: the lists', () => {
  it('with no list loaded, says applicants are not screened until one is', async () => {
    openTab();
    expect(await within(listsSection()).findByText('No list is loaded')).toBeInTheDocument();
    expect(listsSection()).toHaveTextContent('Applicants are not screened until one is.');
  });

  it('shows each list’s version in use, loaded at in UK time', async () => {
    openTab({
      '/admin-screening-lists': () => ({
        body: {
          ok: true,
          lists: [
            {
              list: 'uk',
              version: 3,
              loaded_at: '2026-07-01T13:05:00.000Z',
              entries: 1234,
              source: 'UK-Sanctions-List.csv',
            },
          ],
        } satisfies ScreeningListsResponse,
      }),
    });
    const table = await within(listsSection()).findByRole('table');
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'UK Sanctions List (FCDO)',
      '3',
      '1,234',
      '1 Jul 2026, 14:05',
      'UK-Sanctions-List.csv',
    ]);
  });

  it('loads a file: the new version is announced and the table read again', async () => {
    let loaded = false;
    const success = vi.spyOn(toast, 'success');
    const { api, user } = openTab({
      '/admin-screening-list-upload': () => {
        loaded = true;
        return { body: { ok: true, list: 'uk', version: 3, entries: 1234 } };
      },
      '/admin-screening-lists': () => ({
        body: loaded
          ? {
              ok: true,
              lists: [
                {
                  list: 'uk',
                  version: 3,
                  loaded_at: new Date().toISOString(),
                  entries: 1234,
                  source: 'uk.csv',
                },
              ],
            }
          : NO_LISTS,
      }),
    });
    await within(listsSection()).findByText('No list is loaded');
    const file = new File(['Last Updated,01/07/2026\n'], 'uk.csv', { type: 'text/csv' });
    await user.upload(within(listsSection()).getByLabelText('List file'), file);
    await user.click(within(listsSection()).getByRole('button', { name: 'Load list' }));
    const message = 'UK Sanctions List (FCDO) version 3 loaded: 1,234 entries';
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(message));
    expect(within(listsSection()).getByRole('status')).toHaveTextContent(message);
    expect(await within(listsSection()).findByRole('table')).toHaveTextContent('uk.csv');
    expect(api.pathsCalled().filter((path) => path === '/admin-screening-lists')).toHaveLength(2);
  });

  it('a file the server cannot read: its message, with the line, beside the form', async () => {
    const logged = expectConsoleErrors();
    const reason = 'Line 14: the Group ID is missing.';
    const { user } = openTab({ '/admin-screening-list-upload': () => refusal(400, reason) });
    await within(listsSection()).findByText('No list is loaded');
    const file = new File(['x'], 'broken.csv', { type: 'text/csv' });
    await user.upload(within(listsSection()).getByLabelText('List file'), file);
    await user.click(within(listsSection()).getByRole('button', { name: 'Load list' }));
    expect(await within(listsSection()).findByTestId('upload-error')).toHaveTextContent(reason);
    expect(logged).toHaveBeenCalledWith('admin-screening-list-upload failed', expect.anything());
  });

  it('asks for a file before sending anything', async () => {
    const { api, user } = openTab();
    await within(listsSection()).findByText('No list is loaded');
    await user.click(within(listsSection()).getByRole('button', { name: 'Load list' }));
    expect(within(listsSection()).getByText('Please choose a list file to upload.')).toBeVisible();
    expect(api.pathsCalled()).not.toContain('/admin-screening-list-upload');
  });
});

describe('ScreeningTab: search', () => {
  const searchSection = () => screen.getByRole('region', { name: 'Search the lists' });
  const match: ScreeningMatch = {
    list: 'ofac',
    entry_id: '36',
    name: 'AEROCARIBBEAN AIRLINES',
    matched_name: 'AERO-CARIBBEAN',
    score: 0.88,
    kind: 'sanctions',
    dates_of_birth: [],
    nationalities: ['Cuba'],
    programmes: ['CUBA'],
  };

  it('needs a name, then lists the matches with their score, list and entry', async () => {
    const { api, user } = openTab({
      '/admin-screening-search': () => ({ body: { ok: true, matches: [match] } }),
    });
    const section = searchSection();
    await user.click(within(section).getByRole('button', { name: 'Search' }));
    expect(await within(section).findByText('Please enter a name to search')).toBeInTheDocument();
    expect(api.pathsCalled()).not.toContain('/admin-screening-search');

    await user.type(within(section).getByRole('textbox', { name: 'Name' }), 'Aero Caribbean');
    await user.type(within(section).getByRole('textbox', { name: /^Date of birth/ }), '1990');
    await user.click(within(section).getByRole('button', { name: 'Search' }));
    const results = await within(section).findByRole('region', { name: 'Matching list entries' });
    const table = within(results).getByRole('table');
    expect(api.calls).toContainEqual({
      path: '/admin-screening-search',
      body: { name: 'Aero Caribbean', date_of_birth: '1990' },
    });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '0.88',
      'OFAC SDN List',
      '36',
      'AEROCARIBBEAN AIRLINES',
      'AERO-CARIBBEAN',
      'Not listed',
      'Cuba',
      'CUBA',
      'Sanctions',
    ]);
  });

  it('says when no entry matches', async () => {
    const { user } = openTab({
      '/admin-screening-search': () => ({ body: { ok: true, matches: [] } }),
    });
    const section = searchSection();
    await user.type(within(section).getByRole('textbox', { name: 'Name' }), 'Amelia Hart');
    await user.click(within(section).getByRole('button', { name: 'Search' }));
    expect(await within(section).findByText('No list entry matches')).toBeInTheDocument();
  });
});
