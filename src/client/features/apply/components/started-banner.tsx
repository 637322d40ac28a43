import { ArrowRight, Info } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';

/** SPEC §2 /apply: an applicant past basic/invited is sent back to where they left off. */
export function StartedBanner() {
  return (
    <Alert className="items-center" data-testid="started-banner">
      <Info aria-hidden="true" className="mt-0!" />
      <div className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <AlertTitle>You&apos;ve already started an application.</AlertTitle>
        <Button asChild size="sm" className="w-full sm:w-auto">
          <Link to={paths.apply.review.getHref()}>
            Continue
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </Alert>
  );
}
