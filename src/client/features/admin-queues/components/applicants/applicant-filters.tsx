import { useId } from 'react';
import {
  DECISION_FILTER_OPTIONS,
  PEP_FILTER_OPTIONS,
  SANCTIONS_FILTER_OPTIONS,
  STAGE_FILTER_OPTIONS,
  STATUS_FILTER_OPTIONS,
} from '#shared/schemas/admin-lists.ts';
import { FilterSelect, SearchField } from '#client/components/staff/list-filters.tsx';

export type ApplicantFilters = {
  stage: string;
  veriff_decision: string;
  veriff_status: string;
  pep_filter: string;
  sanctions_filter: string;
};

export const NO_FILTERS: ApplicantFilters = {
  stage: 'all',
  veriff_decision: 'all',
  veriff_status: 'all',
  pep_filter: 'all',
  sanctions_filter: 'all',
};

/** SPEC §2: the five filters, in the spec's order, with its option labels. */
const FILTERS = [
  { key: 'stage', label: 'Stage', options: STAGE_FILTER_OPTIONS },
  { key: 'veriff_decision', label: 'Decision', options: DECISION_FILTER_OPTIONS },
  { key: 'veriff_status', label: 'Veriff Status', options: STATUS_FILTER_OPTIONS },
  { key: 'pep_filter', label: 'PEP', options: PEP_FILTER_OPTIONS },
  { key: 'sanctions_filter', label: 'Sanctions', options: SANCTIONS_FILTER_OPTIONS },
] as const;

type Props = {
  query: string;
  onQueryChange: (query: string) => void;
  filters: ApplicantFilters;
  onFilterChange: (key: keyof ApplicantFilters, value: string) => void;
};

export function ApplicantFiltersBar({ query, onQueryChange, filters, onFilterChange }: Props) {
  const id = useId();
  return (
    <div className="grid gap-4">
      <SearchField
        id={`${id}-search`}
        label="Search applicants"
        value={query}
        onValueChange={onQueryChange}
        aria-describedby={`${id}-search-hint`}
        fieldClassName="grid max-w-md gap-2"
      >
        {/* SPEC's placeholder names the usual two; the rest the server also finds. */}
        <p id={`${id}-search-hint`} className="text-xs text-muted-foreground">
          Any part of a name or e-mail, accents and case ignored; or an application ID, an
          invitation code or a phone number.
        </p>
      </SearchField>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {FILTERS.map(({ key, label, options }) => (
          <FilterSelect
            key={key}
            id={`${id}-${key}`}
            label={label}
            value={filters[key]}
            onValueChange={(value) => onFilterChange(key, value)}
            options={options}
          />
        ))}
      </div>
    </div>
  );
}
