/**
 * Lengths of SPEC §5's fields, apart from their schemas: a form can show a counter against
 * them without loading the validation library (decision 046).
 */
export const LIMITS = {
  nameMin: 2,
  nameMax: 120,
  emailMax: 255,
  phoneMax: 30,
  reasonMax: 2000,
  messageMax: 3000,
} as const;
