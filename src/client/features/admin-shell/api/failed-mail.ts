import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FAILED_MAIL_PAGE_SIZE, type TMailRetryRequest } from '#shared/schemas/mail.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';
import { staffCallQuery } from '#client/lib/staff/api/staff-queries.ts';
import { staffMeta } from '#client/lib/react-query.ts';

const failedMailKey = ['admin', 'failed-mail'] as const;

/** `admin-email-failed-list`: the newest failures (the dashboard shows the first page). */
export const failedMailQuery = queryOptions({
  ...staffCallQuery(failedMailKey, 'admin-email-failed-list', {
    page: 1,
    pageSize: FAILED_MAIL_PAGE_SIZE,
  }),
  // SPEC §8: an admin failure is logged, never retried.
  retry: false,
});

export function useFailedMail() {
  return useQuery(failedMailQuery);
}

/** `admin-email-retry`: one mail (`{id}`) or all (`{all: true}`); the list is read again after. */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TMailRetryRequest) => staffApi.call('admin-email-retry', input),
    meta: staffMeta('admin-email-retry', 'Retry failed'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedMailKey }),
  });
}
