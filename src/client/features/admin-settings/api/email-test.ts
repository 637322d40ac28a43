import { useMutation } from '@tanstack/react-query';
import type { TEmailTestRequest } from '#shared/schemas/admin-lists.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';
import { staffMeta, type StaffErrorTitle } from '#client/lib/react-query.ts';

/** `admin-email-test`: a test EOI or contact notification through the outbox. */
export function useSendTestEmail(errorTitle: StaffErrorTitle<TEmailTestRequest>) {
  return useMutation({
    mutationFn: (input: TEmailTestRequest) => staffApi.call('admin-email-test', input),
    meta: staffMeta('admin-email-test', errorTitle),
  });
}
