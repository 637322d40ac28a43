import { addressField, type Address } from '#shared/schemas/journey.ts';
import { AppError } from '../errors.ts';

/**
 * The postcode look-up of the details step (optional, ADDRESS_LOOKUP=ideal-postcodes): the
 * addresses Royal Mail knows at a postcode, from Ideal Postcodes' postcode API
 * (`GET /v1/postcodes/:postcode`). Typing the address always works, so every failure here is
 * an invitation to type it. The postcode and the key never reach a log line: no failure's
 * cause quotes the request.
 */

export const ADDRESS_LOOKUP_NOT_CONFIGURED =
  'Address look-up is not available. Please type your address.';
export const ADDRESS_LOOKUP_UNAVAILABLE =
  'Address look-up is not available right now. Please type your address.';
/** How long the provider may take: the applicant is waiting at the form. */
export const ADDRESS_LOOKUP_TIMEOUT_MS = 5_000;
/** Ideal Postcodes' answer code for a postcode it does not know. */
const POSTCODE_NOT_FOUND = 4040;

export interface AddressLookupOptions {
  /** The provider's base address (ADDRESS_LOOKUP_URL); a path prefix is kept. */
  url: string;
  key: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** Ideal Postcodes' address fields we read (the answer holds many more). */
interface IdealAddress {
  line_1?: unknown;
  line_2?: unknown;
  line_3?: unknown;
  post_town?: unknown;
  postcode?: unknown;
}

/** Words of a town's name written in lower case after its first ('Stoke-on-Trent'). */
const SMALL_WORDS = new Set(['on', 'upon', 'in', 'under', 'by', 'de', 'la', 'le', 'super']);
const SMALL_WORDS_EXTRA = new Set(['the', 'of', 'and', 'next', 'en']);

/**
 * A post town as people write it: Royal Mail's 'NEWCASTLE UPON TYNE' → 'Newcastle upon Tyne',
 * 'STOKE-ON-TRENT' → 'Stoke-on-Trent', "BISHOP'S STORTFORD" → "Bishop's Stortford".
 */
export function titleCaseTown(town: string): string {
  let first = true;
  return town
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu, (word) => {
      const keepSmall = !first && (SMALL_WORDS.has(word) || SMALL_WORDS_EXTRA.has(word));
      first = false;
      return keepSmall ? word : word.charAt(0).toUpperCase() + word.slice(1);
    });
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '';

/** One provider address as ours, or null when it would not pass the details form's rules. */
export function addressOf(found: IdealAddress): Address | null {
  const line2 = [text(found.line_2), text(found.line_3)].filter(Boolean).join(', ');
  const parsed = addressField.safeParse({
    line1: text(found.line_1),
    line2: line2 || null,
    town: titleCaseTown(text(found.post_town)),
    postcode: text(found.postcode),
  });
  return parsed.success ? parsed.data : null;
}

function unavailable(cause: string): AppError {
  // The cause reaches the server log (503s are logged as errors): never the request itself.
  const error = new AppError('unavailable', ADDRESS_LOOKUP_UNAVAILABLE);
  error.cause = new Error(`address look-up: ${cause}`);
  return error;
}

function describeFailure(error: unknown): string {
  const e = error as { name?: unknown; cause?: { code?: unknown } } | null;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'no answer in time';
  const code = typeof e?.cause?.code === 'string' ? e.cause.code : null;
  return code ? `request failed (${code})` : 'request failed';
}

/**
 * Looks a normalised postcode ('SW1A 1AA') up: its addresses in the provider's order, [] for a
 * postcode the provider does not know; a 503 AppError when it cannot answer.
 */
export function idealPostcodesLookup(options: AddressLookupOptions) {
  const doFetch = options.fetch ?? fetch;
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? ADDRESS_LOOKUP_TIMEOUT_MS;

  return async function lookup(postcode: string): Promise<Address[]> {
    const params = new URLSearchParams({ api_key: options.key });
    const url = `${base}/v1/postcodes/${encodeURIComponent(postcode)}?${params}`;
    let status: number;
    let answer: { code?: unknown; result?: unknown } | null;
    try {
      const res = await doFetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      answer = (await res.json().catch(() => null)) as typeof answer;
    } catch (error) {
      throw unavailable(describeFailure(error));
    }
    // An unknown postcode is an answer, not a failure: nothing to offer, type it instead.
    if (status === 404 && answer?.code === POSTCODE_NOT_FOUND) return [];
    if (status !== 200) {
      const code = typeof answer?.code === 'number' ? ` code ${answer.code}` : '';
      throw unavailable(`answered ${status}${code}`);
    }
    if (!Array.isArray(answer?.result)) throw unavailable('answer had no result');
    return answer.result
      .map((found) => addressOf((found ?? {}) as IdealAddress))
      .filter((address): address is Address => address !== null);
  };
}
