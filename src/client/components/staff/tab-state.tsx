import { AlertCircle, Loader2 } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Alert, AlertDescription } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { toastFailure } from '#client/lib/react-query.ts';

/** While a tab or its data loads. */
export function TabLoading({ label = 'Loading...' }: { label?: string | undefined }) {
  return (
    <div role="status" className="flex items-center gap-2 py-10 text-muted-foreground">
      <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
      {label}
    </div>
  );
}

/** A list that could not load: the spec's message and a way to try again. */
export function TabError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert variant="destructive" className="items-center">
      <AlertCircle aria-hidden="true" />
      <AlertDescription className="flex flex-1 flex-wrap items-center justify-between gap-3">
        <span>{message}</span>
        {onRetry ? (
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

/** An empty list: SPEC's title and, where it has one, its description. */
export function TabEmpty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-border px-6 py-12 text-center">
      <p className="font-medium">{title}</p>
      {children ? <p className="mt-1 text-sm text-muted-foreground">{children}</p> : null}
    </div>
  );
}

/**
 * Toasts a tab's failed load once per failure (SPEC §8: logged and toasted, never retried);
 * a 401 has already brought the gate back, so it says nothing.
 */
export function useLoadFailureToast(
  query: { isError: boolean; error: unknown; errorUpdatedAt: number },
  call: string,
  message: string,
) {
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) toastFailure(message, call, { errorDescription: false })(error);
  }, [isError, error, errorUpdatedAt, call, message]);
}

/** What `QueryView` reads of a query (a TanStack Query result has it all). */
export type TabQuery<Data> = {
  isPending: boolean;
  isError: boolean;
  data: Data | undefined;
  refetch: () => unknown;
};

type QueryViewProps<Data> = {
  query: TabQuery<Data>;
  loadingLabel?: string | undefined;
  /** SPEC's message for a failed load, with a way to try again. */
  loadError: string;
  /** The loaded data has nothing to list: `empty` is drawn instead. */
  isEmpty?: ((data: Data) => boolean) | undefined;
  empty?: ReactNode;
  children: (data: Data) => ReactNode;
};

/** A tab's data: loading, its failure, its empty state, or what `children` draws of it. */
export function QueryView<Data>({
  query,
  loadingLabel,
  loadError,
  isEmpty,
  empty,
  children,
}: QueryViewProps<Data>) {
  if (query.isPending) return <TabLoading label={loadingLabel} />;
  if (query.isError || query.data === undefined) {
    return <TabError message={loadError} onRetry={() => void query.refetch()} />;
  }
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}
