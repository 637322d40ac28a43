import type { Address } from '#shared/schemas/journey.ts';
import {
  ADDRESS_LOOKUP_NOT_CONFIGURED,
  idealPostcodesLookup,
} from '../applicant/address-lookup.ts';
import type { Env } from '../env.ts';
import { AppError } from '../errors.ts';

/**
 * `apply-address-lookup` (CONTRACT §8): the addresses at a postcode already normalised by the
 * schema ('SW1A 1AA'). Without ADDRESS_LOOKUP it is 404 (the form offers no button then);
 * an unknown postcode is an empty list; a provider that fails or is slow is a 503. Neither the
 * postcode nor the key is logged or audited.
 */
export async function applyAddressLookup(options: {
  env: Pick<Env, 'ADDRESS_LOOKUP' | 'ADDRESS_LOOKUP_KEY' | 'ADDRESS_LOOKUP_URL'>;
  postcode: string;
  fetch?: typeof fetch;
}): Promise<Address[]> {
  const { env } = options;
  if (env.ADDRESS_LOOKUP !== 'ideal-postcodes' || !env.ADDRESS_LOOKUP_KEY) {
    throw new AppError('not_found', ADDRESS_LOOKUP_NOT_CONFIGURED);
  }
  const lookup = idealPostcodesLookup({
    url: env.ADDRESS_LOOKUP_URL,
    key: env.ADDRESS_LOOKUP_KEY,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return lookup(options.postcode);
}
