import { useMutation } from '@tanstack/react-query';
import { callApi } from '#client/lib/api-client.ts';

/**
 * `POST /api/apply-address-lookup`: the addresses at a postcode, offered only when
 * `apply-get-stage` says `address_lookup`. Typing the address always works.
 */
export function lookupAddress(postcode: string) {
  return callApi('apply-address-lookup', { postcode });
}

export function useAddressLookup() {
  return useMutation({ mutationFn: lookupAddress });
}
