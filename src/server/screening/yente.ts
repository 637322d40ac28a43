import { AppError } from '../errors.ts';
import type { ScreeningProvider } from './types.ts';

/** PLACEHOLDER: the yente adapter is being written. */
export function yenteProvider(_options: { url: string; dataset: string }): ScreeningProvider {
  const fail = () => {
    throw new AppError('unavailable', 'The screening service is not available.');
  };
  return { name: 'yente', search: async () => fail(), searchMany: async () => fail() };
}
