/**
 * The authenticator secret as people type it: upper case, in groups of four
 * ('JBSW Y3DP EHPK 3PXP'), so a long base32 key can be read off and checked group by group.
 */
export function groupSecret(secret: string): string {
  const plain = secret.replace(/[\s-]+/g, '').toUpperCase();
  return plain.match(/.{1,4}/g)?.join(' ') ?? '';
}

/** The secret as the clipboard gets it: no spaces, which some authenticator apps refuse. */
export function plainSecret(secret: string): string {
  return secret.replace(/[\s-]+/g, '').toUpperCase();
}

/** The text of the downloaded (and copied) recovery codes: what they are, one code a line. */
export function recoveryCodesText(
  codes: readonly string[],
  options: { email?: string | null; issuedAt?: Date } = {},
): string {
  const { email, issuedAt = new Date() } = options;
  const header = [
    'Waj staff panel: recovery codes',
    ...(email ? [`Account: ${email}`] : []),
    `Created: ${issuedAt.toISOString().slice(0, 10)}`,
    '',
    'Each code signs you in once, in place of the code from your authenticator app.',
    'Keep them somewhere safe, such as a password manager.',
    '',
  ];
  return `${[...header, ...codes].join('\n')}\n`;
}

/** The address an `otpauth://` URL names (its label is 'Issuer:address'), or null. */
export function otpauthAccount(otpauthUrl: string): string | null {
  try {
    const label = decodeURIComponent(new URL(otpauthUrl).pathname.replace(/^\/+/, ''));
    const account = label.includes(':') ? label.slice(label.indexOf(':') + 1) : label;
    return account.trim() || null;
  } catch {
    return null;
  }
}
