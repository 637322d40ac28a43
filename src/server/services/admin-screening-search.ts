import type { CallInput } from '#shared/calls.ts';
import type { ScreeningMatch } from '#shared/schemas/screening.ts';
import { SEARCH_LIMIT, type Screening } from '../screening/screener.ts';

/**
 * `admin-screening-search` (compliance): the entries that would open an alert for this name,
 * date of birth and nationality, best first, at most 20. Not audited by name: the search is
 * not kept (a name typed here may be anyone's).
 */
export async function adminScreeningSearch(options: {
  screening: Screening;
  input: CallInput<'admin-screening-search'>;
}): Promise<ScreeningMatch[]> {
  const { name, date_of_birth: dateOfBirth, nationality } = options.input;
  const matches = await options.screening.provider.search(
    { name, dateOfBirth: dateOfBirth || null, nationality: nationality || null },
    { threshold: options.screening.threshold, limit: SEARCH_LIMIT },
  );
  return matches.map((match) => ({
    list: match.list,
    entry_id: match.entry.entryId,
    name: match.entry.name,
    matched_name: match.matchedName,
    score: Math.round(match.score * 1000) / 1000,
    kind: match.entry.kind,
    dates_of_birth: match.entry.datesOfBirth,
    nationalities: match.entry.nationalities,
    programmes: match.entry.programmes,
  }));
}
