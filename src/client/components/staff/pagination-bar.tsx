import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { showingRange } from '#client/lib/staff/pagination.ts';

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
