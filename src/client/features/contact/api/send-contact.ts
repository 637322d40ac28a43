import type { TContactRequest } from '#shared/schemas/contact.ts';
import type { ContactResponse } from '#shared/schemas/site.ts';
import { ApiError, callApi } from '#client/lib/api-client.ts';
import { useAction } from '#client/lib/public-data.ts';

/** SPEC §8: the message when the server answered without saying what went wrong. */
export const SEND_FAILED_MESSAGE = 'Failed to send message';

/** `POST /api/contact`: stores the message and queues the staff notification. */
export async function sendContact(data: TContactRequest): Promise<ContactResponse> {
  const response = await callApi('contact', data);
  // Checked, not trusted: an empty 2xx is no confirmation.
  if (response?.ok !== true) throw new ApiError(500, SEND_FAILED_MESSAGE);
  return response;
}

export function useSendContact() {
  return useAction(sendContact);
}
