import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { showingRange } from '#client/lib/staff/pagination.ts';
import { QueryView, type TabQuery } from './tab-state.tsx';

type PaginationBarProps = {
  page: number;
  pageSize: number;
  total: number;
  /** The total is a lower bound (a search counted up to its cap): shown as '200+'. */
  capped?: boolean | undefined;
  onPageChange: (page: number) => void;
  /** While a page loads the buttons wait, so a double click does not skip one. */
  busy?: boolean;
};

/** SPEC §2: 'Showing X to Y of Z' with previous and next. */
export function PaginationBar({
  page,
  pageSize,
  total,
  capped,
  onPageChange,
  busy,
}: PaginationBarProps) {
  const { from, to, pages } = showingRange(page, pageSize, total, capped);
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground"
    >
      <p aria-live="polite">
        Showing {from} to {to} of {capped ? `${total}+` : total}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPageChange(page - 1)}
          disabled={busy || page <= 1}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onPageChange(page + 1)}
          // Past a capped total there are more pages than it tells.
          disabled={busy || (!capped && page >= pages)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

/** A page of a list as the server sends it. */
type ListPage = {
  data: readonly unknown[];
  page: number;
  total: number;
  total_capped?: boolean | undefined;
};

type PagedListProps<Data extends ListPage> = {
  query: TabQuery<Data> & { isFetching: boolean };
  pageSize: number;
  onPageChange: (page: number) => void;
  loadingLabel?: string | undefined;
  loadError: string;
  /** Drawn when the page has no rows (the bar still says 'Showing 0 to 0 of 0'). */
  empty: ReactNode;
  /** An empty list has no bar under it. */
  noBarWhenEmpty?: boolean;
  /** The page's rows. */
  children: (data: Data) => ReactNode;
};

/**
 * A paged list: loading, its failure, or the page (or its empty state) over the pagination bar,
 * which shows the range of the rows on screen (the previous page's while the next one loads).
 */
export function PagedList<Data extends ListPage>({
  query,
  pageSize,
  onPageChange,
  loadingLabel,
  loadError,
  empty,
  noBarWhenEmpty,
  children,
}: PagedListProps<Data>) {
  return (
    <QueryView
      query={query}
      loadingLabel={loadingLabel}
      loadError={loadError}
      isEmpty={noBarWhenEmpty ? (data) => data.data.length === 0 : undefined}
      empty={empty}
    >
      {(data) => (
        <>
          {data.data.length === 0 ? empty : children(data)}
          <PaginationBar
            page={data.page}
            pageSize={pageSize}
            total={data.total}
            capped={data.total_capped}
            onPageChange={onPageChange}
            busy={query.isFetching}
          />
        </>
      )}
    </QueryView>
  );
}
