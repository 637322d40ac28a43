import { LoaderCircle, TriangleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import type { Gate } from '../hooks/use-application-gate.ts';

/** SPEC §8. */
export const LOAD_FAILED_MESSAGE = 'Failed to load application status';

/** 'Loading...' while the application loads or the screen is being left. */
export function LoadingState() {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 py-16 text-muted-foreground"
      data-testid="apply-loading"
    >
      <LoaderCircle
        aria-hidden="true"
        className="size-5 animate-spin text-gold motion-reduce:animate-none"
      />
      <span>Loading...</span>
    </div>
  );
}

export function LoadFailed({ retry }: { retry: () => void }) {
  return (
    <Alert variant="destructive" data-testid="apply-load-failed">
      <TriangleAlert aria-hidden="true" />
      <div className="grid gap-3">
        <AlertTitle>{LOAD_FAILED_MESSAGE}</AlertTitle>
        <AlertDescription>Please check your connection and try again.</AlertDescription>
        <div>
          <Button type="button" variant="outline" size="sm" onClick={retry}>
            Try again
          </Button>
        </div>
      </div>
    </Alert>
  );
}

/** What a journey screen shows until its gate is ready. */
export function GateStatus({ gate }: { gate: Exclude<Gate, { state: 'ready' }> }) {
  return gate.state === 'error' ? <LoadFailed retry={gate.retry} /> : <LoadingState />;
}
