/**
 * The typed electronic signature on an offer must be the applicant's full legal name as the
 * application holds it; case, accents and spacing do not matter (a phone keyboard may add a
 * capital or drop an accent), anything else does.
 */
export const SIGNATURE_MISMATCH_MESSAGE =
  'The name you typed does not match the full legal name on your application. Please type it as it appears there.';

function signatureKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en-GB')
    .replace(/\s+/g, ' ')
    .trim();
}

export function signatureMatches(typed: string, legalName: string | null | undefined): boolean {
  if (!legalName) return false;
  const key = signatureKey(typed);
  return key !== '' && key === signatureKey(legalName);
}
