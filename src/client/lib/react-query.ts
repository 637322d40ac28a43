import { MutationCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { toast } from 'sonner';
import { isApiError } from './api-client.ts';
import { isRetryable, MAX_RETRIES, retryDelay } from './retry.ts';

/**
 * What a mutation says about its failure (`useMutation({ meta })`), read by the one handler
 * below. Only staff mutations are toasted: the apply flow shows its failures in its own screens.
 */
export type MutationErrorMeta = {
  /** A staff panel call: a failure is toasted (a 401 has already signed the panel out). */
  staff?: boolean;
  /** `false`: the mutation shows its failure itself (in a dialog, beside a field). */
  errorToast?: false;
  /**
   * The toast's title, the spec's words ('Failed to override tier'), or the title for the
   * variables the call was made with; the server's message goes under it.
   */
  errorTitle?: string | ((variables: unknown) => string);
  /** `false`: the title alone, with no server message under it. */
  errorDescription?: false;
  /** The call's registry name: the failure is logged as `<call> failed`. */
  call?: string;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationErrorMeta;
  }
}

/** A staff call's failure title: fixed, or chosen from what the call was made with. */
export type StaffErrorTitle<TVariables> = string | ((variables: TVariables) => string);

/** The `meta` of a staff mutation: its failures are toasted by the query client, titled so. */
export function staffMeta<TVariables>(
  call: string,
  errorTitle: StaffErrorTitle<TVariables>,
  options: Pick<MutationErrorMeta, 'errorDescription'> = {},
): MutationErrorMeta {
  return {
    staff: true,
    call,
    errorTitle: errorTitle as MutationErrorMeta['errorTitle'],
    ...options,
  };
}

/**
 * The staff panel's one rule for a failed action: a 401 means the session ended, and the
 * staff api has already brought the gate back (staff-api.ts), so nothing is said; anything else
 * is a toast, titled as the caller asks, with the server's message.
 */
export function toastMutationError(
  error: unknown,
  meta: MutationErrorMeta = {},
  variables?: unknown,
): void {
  if (meta.call) console.error(`${meta.call} failed`, error);
  if (meta.errorToast === false) return;
  if (isApiError(error) && error.status === 401) return;
  const message = isApiError(error) ? error.message : undefined;
  const title =
    typeof meta.errorTitle === 'function' ? meta.errorTitle(variables) : meta.errorTitle;
  if (!title) {
    toast.error(message ?? 'Something went wrong. Please try again.');
    return;
  }
  toast.error(title, { description: meta.errorDescription === false ? undefined : message });
}

/**
 * The same rule for a failure that is not a staff mutation's (a list that did not load, a CSV
 * that did not download): titled `errorTitle`, logged as `<call> failed`.
 */
export function toastFailure(
  errorTitle: string,
  call?: string,
  meta: Omit<MutationErrorMeta, 'errorTitle' | 'call'> = {},
) {
  return (error: unknown) => toastMutationError(error, { ...meta, call, errorTitle });
}

/**
 * For `mutateAsync(...).then(onDone, failureShown)`: the query client has already toasted the
 * staff mutation's failure; this only keeps the rejection from going unhandled.
 */
export function failureShown(): void {}

/** SPEC §9: retry up to 3 times, exponential back-off capped at 30 s, garbage-collect after 5 min. */
export const queryConfig = {
  queries: {
    retry: (failureCount, error) => failureCount < MAX_RETRIES && isRetryable(error),
    retryDelay,
    gcTime: 5 * 60 * 1000,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

/**
 * Every failed mutation passes here once: a staff one (`meta.staff`) is toasted by the rule
 * above, so components need not; any other is left to its screen, as the apply flow does.
 */
export function createMutationCache(): MutationCache {
  return new MutationCache({
    onError: (error, variables, _context, mutation) => {
      if (mutation.meta?.staff) toastMutationError(error, mutation.meta, variables);
    },
  });
}

/**
 * `forServer`: a cache for one server render, which ends with it, so its entries are never
 * collected on a timer (TanStack's own default on a server, which our 5 minutes would override).
 */
export function createQueryClient({ forServer = false } = {}): QueryClient {
  const defaultOptions = forServer
    ? { ...queryConfig, queries: { ...queryConfig.queries, gcTime: Infinity } }
    : queryConfig;
  return new QueryClient({ defaultOptions, mutationCache: createMutationCache() });
}
