import { useMutation } from '@tanstack/react-query';
import type { TEmailTestRequest } from '#shared/schemas/admin-lists.ts';
import { staffApi } from '#client/lib/staff/api/staff-api.ts';

/** `admin-email-test`: a test EOI or contact notification through the outbox. */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: (input: TEmailTestRequest) => staffApi.call('admin-email-test', input),
  });
}
