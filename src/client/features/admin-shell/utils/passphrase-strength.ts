import { STAFF_PASSPHRASE_MIN } from '#shared/staff.ts';

export type PassphraseStrength = {
  /** 0 empty, 1 too short or too predictable, 2 fair, 3 good, 4 strong. */
  score: 0 | 1 | 2 | 3 | 4;
  label: string;
  hint: string;
};

/** Kinds of character used: lower case, upper case, digits, anything else (spaces too). */
function variety(value: string): number {
  return [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/].filter((pattern) => pattern.test(value)).length;
}

/** A short pattern over and over ('aaaa…', 'abab…'), or mostly a run ('1234…', 'abcd…'). */
function predictable(value: string): boolean {
  if (/^(.{1,4})\1+.{0,3}$/su.test(value.toLowerCase())) return true;
  let run = 1;
  let longest = 1;
  for (let i = 1; i < value.length; i++) {
    const step = value.charCodeAt(i) - value.charCodeAt(i - 1);
    run = Math.abs(step) === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  return longest * 3 >= value.length * 2;
}

/**
 * A light strength hint for a new staff passphrase. The rule is the server's (at least
 * STAFF_PASSPHRASE_MIN characters); the rest only nudges towards length and variety, which
 * matter most, without shipping a dictionary to the browser.
 */
export function passphraseStrength(value: string): PassphraseStrength {
  const length = [...value].length;
  if (length === 0) {
    return {
      score: 0,
      label: 'Not set',
      hint: `Use at least ${STAFF_PASSPHRASE_MIN} characters. A few unrelated words work well.`,
    };
  }
  if (length < STAFF_PASSPHRASE_MIN) {
    const missing = STAFF_PASSPHRASE_MIN - length;
    return {
      score: 1,
      label: 'Too short',
      hint: `${missing} more character${missing === 1 ? '' : 's'} needed.`,
    };
  }
  if (predictable(value)) {
    return { score: 1, label: 'Too predictable', hint: 'Avoid repeated characters and runs.' };
  }
  const kinds = variety(value);
  if (length >= 24 || (length >= 18 && kinds >= 3)) {
    return { score: 4, label: 'Strong', hint: 'A strong passphrase.' };
  }
  if (length >= 16 || kinds >= 3) {
    return { score: 3, label: 'Good', hint: 'Good. Another word or two makes it stronger.' };
  }
  return {
    score: 2,
    label: 'Fair',
    hint: 'Long enough. Longer is stronger: try four or more unrelated words.',
  };
}
