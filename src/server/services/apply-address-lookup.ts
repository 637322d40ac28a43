import type { Address } from '#shared/schemas/journey.ts';
import type { Env } from '../env.ts';
import { AppError } from '../errors.ts';

/** PLACEHOLDER: the look-up adapter is being written. */
export async function applyAddressLookup(options: { env: Env; postcode: string }): Promise<Address[]> {
  void options;
  throw new AppError('not_found', 'Address look-up is not available. Please type your address.');
}
