import type { ScreeningKind } from '#shared/schemas/screening.ts';
import { AppError } from '../errors.ts';
import { countryCode } from './countries.ts';
import type { ListEntry, Match, ScreeningProvider, Subject } from './types.ts';

/**
 * A self-hosted OpenSanctions matching service (yente) in place of the built-in matcher
 * (CONTRACT §8, `SCREENING_PROVIDER=yente`). Each subject becomes one query-by-example of
 * `POST {url}/match/{dataset}`; the re-screening job sends its subjects in batches. The names
 * sent are never logged, and no failure's cause quotes them (or yente's answer).
 */

export const YENTE_UNAVAILABLE_MESSAGE =
  'The screening service is not available. Please try again.';
/** How long one request may take before the screening counts as unavailable. */
export const YENTE_TIMEOUT_MS = 10_000;
/** Queries per request: under yente's own batch limit (YENTE_MAX_BATCH, 100 by default). */
export const YENTE_BATCH_SIZE = 50;

export interface YenteOptions {
  /** The service's base address; a path prefix (a proxy's) is kept. */
  url: string;
  /** The dataset matched against: 'default' is everything the service loaded. */
  dataset: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** `properties` of a yente entity: strings, or nested entities (ignored here). */
type Properties = Record<string, unknown>;

interface YenteResult {
  id: string;
  caption: string;
  properties: Properties;
  score: number;
}

function unavailable(cause: string): AppError {
  // The cause reaches the server log (503s are logged as errors): what failed, never a name.
  const error = new AppError('unavailable', YENTE_UNAVAILABLE_MESSAGE);
  error.cause = new Error(`yente: ${cause}`);
  return error;
}

/** A request failure as a log may say it: timeout, network code, never a URL or body. */
function describeFailure(error: unknown): string {
  const e = error as { name?: unknown; cause?: { code?: unknown } } | null;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'no answer in time';
  const code = typeof e?.cause?.code === 'string' ? e.cause.code : null;
  return code ? `request failed (${code})` : 'request failed';
}

const strings = (properties: Properties, ...keys: string[]): string[] =>
  keys.flatMap((key) => {
    const values = properties[key];
    if (!Array.isArray(values)) return [];
    return values.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  });

const unique = (values: string[]): string[] => [...new Set(values.map((v) => v.trim()))];

/**
 * The OpenSanctions topics screened for: a sanctions listing, a politically exposed person, and
 * a PEP's close family or associate, whom MLR 2017 reg. 35 treats as a PEP.
 */
const TOPICS = ['sanction', 'role.pep', 'role.rca'] as const;

/** Sanctions first: a sanctioned PEP blocks offers, which the stronger kind says. */
function kindOf(topics: string[]): ScreeningKind | null {
  if (topics.includes('sanction')) return 'sanctions';
  if (topics.includes('role.pep') || topics.includes('role.rca')) return 'pep';
  return null;
}

/** One yente result as the screening's own entry, or null when it is neither kind. */
export function entryOf(result: YenteResult): ListEntry | null {
  const { properties } = result;
  const topics = unique(strings(properties, 'topics'));
  const kind = kindOf(topics);
  if (!kind) return null;
  const name = result.caption.trim() || strings(properties, 'name')[0] || result.id;
  const programmes = unique(strings(properties, 'program', 'programId'));
  return {
    entryId: result.id,
    kind,
    name,
    names: unique([name, ...strings(properties, 'name', 'alias')]),
    // Dates as FollowTheMoney gives them: 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD' (a time is cut).
    datesOfBirth: unique(
      strings(properties, 'birthDate')
        .map((d) => /^\d{4}(-\d{2}(-\d{2})?)?/.exec(d.trim())?.[0])
        .filter((d): d is string => d !== undefined),
    ),
    nationalities: unique(
      strings(properties, 'nationality', 'citizenship').map((n) => n.trim().toLowerCase()),
    ),
    programmes: programmes.length > 0 ? programmes : topics,
  };
}

/** The query-by-example for one subject: a person with what we know of them. */
function exampleOf(subject: Subject) {
  const properties: Record<string, string[]> = { name: [subject.name] };
  if (subject.dateOfBirth) properties.birthDate = [subject.dateOfBirth];
  if (subject.nationality) {
    properties.nationality = [countryCode(subject.nationality) ?? subject.nationality];
  }
  return { schema: 'Person', properties };
}

function isResult(value: unknown): value is YenteResult {
  const r = value as Partial<YenteResult> | null;
  return (
    typeof r?.id === 'string' &&
    typeof r.caption === 'string' &&
    typeof r.score === 'number' &&
    Number.isFinite(r.score) &&
    typeof r.properties === 'object' &&
    r.properties !== null
  );
}

export function yenteProvider(options: YenteOptions): ScreeningProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.url.replace(/\/+$/, '');
  const endpoint = `${base}/match/${encodeURIComponent(options.dataset)}`;
  const timeoutMs = options.timeoutMs ?? YENTE_TIMEOUT_MS;

  /** One request for up to a batch of subjects: each one's matches, in order. */
  const match = async (
    subjects: Subject[],
    { threshold, limit }: { threshold: number; limit: number },
  ): Promise<Match[][]> => {
    const queries = Object.fromEntries(subjects.map((s, i) => [`q${i}`, exampleOf(s)]));
    // Only the listings that mean something here: the rest would crowd them out of `limit`.
    const params = new URLSearchParams({ threshold: String(threshold), limit: String(limit) });
    for (const topic of TOPICS) params.append('topics', topic);
    let answer: unknown;
    try {
      const res = await doFetch(`${endpoint}?${params}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ queries }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw unavailable(`answered ${res.status}`);
      }
      answer = await res.json().catch(() => {
        throw unavailable('answer was not JSON');
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unavailable(describeFailure(error));
    }
    const responses = (answer as { responses?: Record<string, unknown> } | null)?.responses;
    if (typeof responses !== 'object' || responses === null) {
      throw unavailable('answer had no responses');
    }
    return subjects.map((_, i) => {
      const response = responses[`q${i}`] as { status?: unknown; results?: unknown } | undefined;
      if (!response || !Array.isArray(response.results)) {
        throw unavailable('a query had no answer');
      }
      if (typeof response.status === 'number' && response.status !== 200) {
        throw unavailable(`a query answered ${response.status}`);
      }
      const matches: Match[] = [];
      for (const result of response.results) {
        if (!isResult(result) || result.score < threshold) continue;
        const entry = entryOf(result);
        if (!entry) continue;
        matches.push({
          list: 'opensanctions',
          version: null,
          entry,
          matchedName: entry.name,
          score: Math.min(1, Math.max(0, result.score)),
        });
      }
      matches.sort((a, b) => b.score - a.score);
      return matches.slice(0, limit);
    });
  };

  return {
    name: 'yente',
    async search(subject, searchOptions) {
      const [matches] = await match([subject], searchOptions);
      return matches ?? [];
    },
    async searchMany(subjects, searchOptions) {
      const out: Match[][] = [];
      for (let start = 0; start < subjects.length; start += YENTE_BATCH_SIZE) {
        out.push(...(await match(subjects.slice(start, start + YENTE_BATCH_SIZE), searchOptions)));
      }
      return out;
    },
  };
}
