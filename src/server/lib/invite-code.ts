import type { Tx } from '../db/client.ts';
import { inviteCodes } from '../db/schema.ts';
import { randomString, UNAMBIGUOUS_ALPHABET } from './crypto.ts';

/**
 * Invitation codes: three groups of four symbols from the unambiguous alphabet, e.g.
 * `7K3Q-M9XT-B2HF`. 12 symbols × 5 bits = 60 random bits, far beyond guessing at the
 * redemption limit of 10 attempts a minute. Codes are stored exactly in this form (upper case,
 * with dashes), which is what e-mails show and what `upper(code) = upper(trim(input))` matches.
 */
const INVITE_CODE_GROUPS = 3;
const INVITE_CODE_GROUP_LENGTH = 4;
const SYMBOLS = INVITE_CODE_GROUPS * INVITE_CODE_GROUP_LENGTH;

export function generateInviteCode(): string {
  return Array.from({ length: INVITE_CODE_GROUPS }, () =>
    randomString(INVITE_CODE_GROUP_LENGTH),
  ).join('-');
}

/**
 * The stored form of what an applicant typed, for the redeem side to compare with
 * `upper(code)`: a code typed without dashes, with spaces, in lower case, or with the look-alike
 * letters O, I and L (Crockford: 0, 1, 1) becomes the canonical `XXXX-XXXX-XXXX`. Anything else
 * (codes made before this format) is only trimmed and upper-cased.
 */
export function canonicalInviteCode(input: string): string {
  const trimmed = input.trim().toUpperCase();
  const symbols = trimmed.replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (symbols.length !== SYMBOLS || [...symbols].some((c) => !UNAMBIGUOUS_ALPHABET.includes(c))) {
    return trimmed;
  }
  const groups = symbols.match(new RegExp(`.{${INVITE_CODE_GROUP_LENGTH}}`, 'g')) ?? [];
  return groups.join('-');
}

export interface NewInviteCode {
  id: string;
  code: string;
}

/**
 * Inserts `count` fresh codes in the caller's transaction. A collision with an existing code
 * (case-insensitive unique index) is skipped by ON CONFLICT rather than raised, so the
 * transaction stays usable, and the missing codes are drawn again.
 */
export async function insertInviteCodes(
  tx: Tx,
  options: { count: number; issuedTo?: string | null; issuedApplicationId?: string | null },
): Promise<NewInviteCode[]> {
  const created: NewInviteCode[] = [];
  for (let round = 0; created.length < options.count; round++) {
    // 60 bits make a collision all but impossible; a loop that keeps colliding is a bug.
    if (round >= 5) throw new Error('could not generate unique invitation codes');
    const wanted = options.count - created.length;
    const rows = await tx
      .insert(inviteCodes)
      .values(
        Array.from({ length: wanted }, () => ({
          code: generateInviteCode(),
          issuedTo: options.issuedTo ?? null,
          issuedApplicationId: options.issuedApplicationId ?? null,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: inviteCodes.id, code: inviteCodes.code });
    created.push(...rows);
  }
  return created;
}
