import { useSyncExternalStore } from 'react';
import { upcomingQuarter } from '#shared/company.ts';

const noUpdates = () => () => undefined;

/**
 * A launch quarter ('Q3 2025') while it is still to come by the visitor's clock, else null.
 * The page rendered on the server and the first render in the browser both answer null (no
 * date in the markup, so hydration always matches); the quarter is added right after, and
 * never once it has passed.
 */
export function useUpcomingQuarter(quarter: string | undefined): string | null {
  return useSyncExternalStore(
    noUpdates,
    () => (quarter ? upcomingQuarter(quarter, new Date()) : null),
    () => null,
  );
}
