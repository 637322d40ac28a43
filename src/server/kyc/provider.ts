import type { Env } from '../env.ts';
import { builtinProvider } from './builtin.ts';
import type { KycProvider } from './types.ts';
import { veriffProvider } from './veriff.ts';

export type { KycApplication, KycProvider, KycProviderName, PreparedSession } from './types.ts';

/** The identity provider the operator chose with KYC_PROVIDER (builtin unless set). */
export function kycProvider(env: Env): KycProvider {
  return env.KYC_PROVIDER === 'veriff' ? veriffProvider(env) : builtinProvider(env);
}
