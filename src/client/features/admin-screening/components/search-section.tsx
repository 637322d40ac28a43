import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import {
  SCREENING_LIST_LABELS,
  ZScreeningSearchRequest,
  type ScreeningMatch,
  type TScreeningSearchRequest,
} from '#shared/schemas/screening.ts';
import { Optional } from '#client/components/form/form-field.tsx';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { DataTable, TableCell, TableRow } from '#client/components/staff/data-table.tsx';
import {
  Form,
  StaffField,
  maxLengthOf,
  showServerErrors,
  useStaffForm,
} from '#client/components/staff/form.tsx';
import { ListSection } from '#client/components/staff/list-section.tsx';
import { TabEmpty } from '#client/components/staff/tab-state.tsx';
import { AlertKindBadge } from '#client/components/staff/screening/alert-badges.tsx';
import {
  formatEntryDates,
  formatScore,
  formatNationalities,
  joinOr,
} from '#client/components/staff/screening/screening-format.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { useScreeningSearch } from '../api/search-screening.ts';

const SEARCH_FAILED = 'Failed to search the lists. Please try again.';

const EMPTY_SEARCH: TScreeningSearchRequest = { name: '', date_of_birth: '', nationality: '' };

/** The request as sent: the optional fields only when given. */
function requestOf(values: TScreeningSearchRequest): TScreeningSearchRequest {
  return {
    name: values.name,
    ...(values.date_of_birth ? { date_of_birth: values.date_of_birth } : {}),
    ...(values.nationality ? { nationality: values.nationality } : {}),
  };
}

export function MatchesTable({ matches }: { matches: readonly ScreeningMatch[] }) {
  if (matches.length === 0) {
    return (
      <TabEmpty title="No list entry matches">
        No entry of the lists in use scores high enough to open an alert.
      </TabEmpty>
    );
  }
  return (
    <DataTable
      label="Matching list entries"
      columns={[
        'Score',
        'List',
        'Entry id',
        'Name',
        'Matched name',
        'Date of birth',
        'Nationalities',
        'Programmes',
        'Kind',
      ]}
      quietHeader
    >
      {matches.map((match) => (
        <TableRow key={`${match.list}:${match.entry_id}`}>
          <TableCell className="font-medium">{formatScore(match.score)}</TableCell>
          <TableCell className="min-w-36 whitespace-normal">
            {SCREENING_LIST_LABELS[match.list]}
          </TableCell>
          <TableCell className="wrap-anywhere">{match.entry_id}</TableCell>
          <TableCell className="min-w-40 font-medium whitespace-normal wrap-anywhere">
            {match.name}
          </TableCell>
          <TableCell className="min-w-40 whitespace-normal wrap-anywhere">
            {match.matched_name}
          </TableCell>
          <TableCell className="min-w-32 whitespace-normal">
            {formatEntryDates(match.dates_of_birth)}
          </TableCell>
          <TableCell className="min-w-28 whitespace-normal">
            {formatNationalities(match.nationalities)}
          </TableCell>
          <TableCell className="min-w-32 whitespace-normal">{joinOr(match.programmes)}</TableCell>
          <TableCell>
            <AlertKindBadge kind={match.kind} />
          </TableCell>
        </TableRow>
      ))}
    </DataTable>
  );
}

/**
 * CONTRACT §8's search: the entries that would open an alert for a name, best first (at most
 * 20); a date of birth and a nationality raise or lower the score.
 */
export function SearchSection() {
  const id = useId();
  const search = useScreeningSearch();
  const form = useStaffForm(ZScreeningSearchRequest, EMPTY_SEARCH);
  const [error, setError] = useState<string | null>(null);
  const busy = search.isPending;
  const shape = ZScreeningSearchRequest.shape;

  const onSubmit = (values: TScreeningSearchRequest) => {
    if (busy) return;
    setError(null);
    search.mutate(requestOf(values), {
      onError: (cause) => {
        if (isApiError(cause) && cause.status === 401) return;
        const left = showServerErrors(form, cause);
        setError(isApiError(cause) && cause.status < 500 ? left : SEARCH_FAILED);
      },
    });
  };

  return (
    <ListSection
      id="screening-search-title"
      title="Search the lists"
      description="The list entries that would open an alert for a person, best first."
      className="min-w-0"
    >
      <Form
        form={form}
        onSubmit={onSubmit}
        error={error}
        aria-labelledby="screening-search-title"
        className="grid max-w-4xl gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-start"
      >
        <StaffField name="name" id={`${id}-name`} label="Name">
          {(control) => (
            <Input
              {...control}
              aria-required="true"
              autoComplete="off"
              spellCheck={false}
              maxLength={maxLengthOf(shape.name)}
              disabled={busy}
              {...form.register('name')}
            />
          )}
        </StaffField>
        <StaffField
          name="date_of_birth"
          id={`${id}-dob`}
          label={
            <>
              Date of birth <Optional />
            </>
          }
          hint="YYYY, YYYY-MM or YYYY-MM-DD"
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              disabled={busy}
              {...form.register('date_of_birth')}
            />
          )}
        </StaffField>
        <StaffField
          name="nationality"
          id={`${id}-nationality`}
          label={
            <>
              Nationality <Optional />
            </>
          }
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              maxLength={maxLengthOf(shape.nationality)}
              disabled={busy}
              {...form.register('nationality')}
            />
          )}
        </StaffField>
        <Button type="submit" disabled={busy} className="md:mt-[1.375rem]">
          <BusyLabel
            busy={busy}
            idle={
              <>
                <Search aria-hidden="true" />
                Search
              </>
            }
            working="Searching..."
          />
        </Button>
      </Form>
      {search.data ? (
        <div aria-busy={busy || undefined} className={busy ? 'opacity-60' : undefined}>
          <MatchesTable matches={search.data.matches} />
        </div>
      ) : null}
    </ListSection>
  );
}
