import { Search } from 'lucide-react';
import { useId } from 'react';
import {
  DECISION_FILTER_OPTIONS,
  PEP_FILTER_OPTIONS,
  SANCTIONS_FILTER_OPTIONS,
  STAGE_FILTER_OPTIONS,
  STATUS_FILTER_OPTIONS,
} from '#shared/schemas/admin-lists.ts';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx';

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
      <div className="grid max-w-md gap-2">
        <Label htmlFor={`${id}-search`}>Search applicants</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={`${id}-search`}
            type="search"
            placeholder="Search by name or email..."
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            className="pl-9"
            autoComplete="off"
            aria-describedby={`${id}-search-hint`}
          />
        </div>
        {/* SPEC's placeholder names the usual two; the rest the server also finds. */}
        <p id={`${id}-search-hint`} className="text-xs text-muted-foreground">
          Any part of a name or e-mail, accents and case ignored; or an application ID, an
          invitation code or a phone number.
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {FILTERS.map(({ key, label, options }) => (
          <div key={key} className="grid gap-2">
            <Label htmlFor={`${id}-${key}`}>{label}</Label>
            <Select value={filters[key]} onValueChange={(value) => onFilterChange(key, value)}>
              <SelectTrigger id={`${id}-${key}`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {options.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ))}
      </div>
    </div>
  );
}
