import { LockKeyhole } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { paths } from '#client/config/paths.ts';
import { cn } from '#client/utils/cn.ts';

/** SPEC §6: staff tools without a staff token. */
export function NotAuthenticatedAlert({ className }: { className?: string }) {
  return (
    <Alert className={cn('items-start', className)} data-testid="not-authenticated">
      <LockKeyhole aria-hidden="true" />
      <div className="grid gap-1">
        <AlertTitle>Not authenticated</AlertTitle>
        <AlertDescription>
          <p>Please log in to the admin panel first</p>
          <Link
            to={paths.admin.getHref()}
            className="mt-2 inline-block rounded-sm font-medium text-foreground underline decoration-gold-soft underline-offset-4 hover:decoration-2"
          >
            Go to the admin panel
          </Link>
        </AlertDescription>
      </div>
    </Alert>
  );
}
