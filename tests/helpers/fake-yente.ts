import { startFakeService, type FakeService } from './fake-service.ts';

/**
 * A local stand-in for yente, OpenSanctions' self-hosted matching API: `POST /match/:dataset`
 * answers a batch of query-by-example entities in yente's documented shape
 * (`{responses: {<key>: {status, results, total, query}}, matcher, limit}`, each result an
 * entity with `score`, `features` and `match`), from a small set of entities in memory. Its
 * scoring is its own and crude (shared name words, date of birth), written independently of the
 * app's code; like yente it returns results from a cutoff of 0.5, below the threshold, with
 * `match` telling which reach it.
 */

export interface FakeYenteEntity {
  id: string;
  caption: string;
  schema: string;
  properties: Record<string, string[]>;
  datasets: string[];
}

export const FAKE_YENTE_ENTITIES: FakeYenteEntity[] = [
  {
    id: 'NK-fake-testov',
    caption: 'Aleksandr Ivanovich Testov',
    schema: 'Person',
    properties: {
      name: ['Aleksandr Ivanovich Testov'],
      alias: ['Alexander Testov', 'Тестов Александр Иванович'],
      birthDate: ['1961-04-12'],
      nationality: ['ru'],
      topics: ['sanction'],
      programId: ['GB-RUS'],
    },
    datasets: ['gb_fcdo_sanctions', 'eu_fsf'],
  },
  {
    id: 'Q-fake-exampleva',
    caption: 'Maria Exampleva',
    schema: 'Person',
    properties: {
      name: ['Maria Exampleva'],
      birthDate: ['1970'],
      citizenship: ['md'],
      topics: ['role.pep'],
      position: ['Minister of Examples'],
    },
    datasets: ['wd_peps'],
  },
  {
    id: 'NK-fake-crimeson',
    caption: 'Carl Crimeson',
    schema: 'Person',
    properties: { name: ['Carl Crimeson'], topics: ['crime'] },
    datasets: ['interpol_red_notices'],
  },
];

export interface RecordedYenteRequest {
  method: string;
  path: string;
  dataset: string;
  params: URLSearchParams;
  /** The parsed body: `{queries: {...}}`. */
  body: { queries?: Record<string, { schema: string; properties: Record<string, string[]> }> };
}

export interface FakeYente extends FakeService {
  requests: RecordedYenteRequest[];
  entities: FakeYenteEntity[];
}

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function nameScore(query: string, candidate: string): number {
  const a = new Set(fold(query));
  const b = new Set(fold(candidate));
  if (a.size === 0 || b.size === 0) return 0;
  const shared = [...a].filter((w) => b.has(w)).length;
  return shared / new Set([...a, ...b]).size;
}

function score(query: Record<string, string[]>, entity: FakeYenteEntity): number {
  const names = [...(entity.properties.name ?? []), ...(entity.properties.alias ?? [])];
  let best = 0;
  for (const q of query.name ?? []) for (const n of names) best = Math.max(best, nameScore(q, n));
  let total = best * 0.9;
  const wanted = query.birthDate ?? [];
  const listed = entity.properties.birthDate ?? [];
  if (best > 0 && wanted.length > 0 && listed.length > 0) {
    const agrees = wanted.some((w) => listed.some((l) => w.startsWith(l) || l.startsWith(w)));
    total += agrees ? 0.1 : -0.2;
  }
  return Math.round(Math.min(1, Math.max(0, total)) * 1000) / 1000;
}

export async function startFakeYente(
  entities: FakeYenteEntity[] = FAKE_YENTE_ENTITIES,
): Promise<FakeYente> {
  const requests: RecordedYenteRequest[] = [];
  const service = await startFakeService({
    failure: () => ({ detail: 'Service unavailable' }),
    answer(request, url, raw) {
      const route = /^\/match\/([^/]+)$/.exec(url.pathname);
      let body: RecordedYenteRequest['body'];
      try {
        body = raw ? (JSON.parse(raw) as RecordedYenteRequest['body']) : {};
      } catch {
        return { status: 400, body: { detail: 'Invalid JSON' } };
      }
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        dataset: route ? decodeURIComponent(route[1]!) : '',
        params: url.searchParams,
        body,
      });
      if (!route || request.method !== 'POST') {
        return { status: 404, body: { detail: 'Not found' } };
      }
      if (route[1] !== 'default' && route[1] !== 'sanctions') {
        return { status: 404, body: { detail: 'No such dataset.' } };
      }
      const queries = body.queries ?? {};
      if (Object.keys(queries).length === 0) {
        return { status: 400, body: { detail: 'No queries provided.' } };
      }
      if (Object.keys(queries).length > 100) {
        return { status: 400, body: { detail: 'Too many queries in one batch (limit: 100)' } };
      }
      const threshold = Number(url.searchParams.get('threshold') ?? 0.7);
      const limit = Number(url.searchParams.get('limit') ?? 5);
      const topics = url.searchParams.getAll('topics');
      const responses = Object.fromEntries(
        Object.entries(queries).map(([key, query]) => {
          const scored = entities
            .filter(
              (e) => topics.length === 0 || topics.some((t) => e.properties.topics?.includes(t)),
            )
            .map((e) => ({ entity: e, score: score(query.properties, e) }))
            .filter((r) => r.score >= Math.min(0.5, threshold))
            .sort((a, b) => b.score - a.score);
          const results = scored.slice(0, limit).map(({ entity, score: s }) => ({
            id: entity.id,
            caption: entity.caption,
            schema: entity.schema,
            properties: entity.properties,
            datasets: entity.datasets,
            referents: [],
            target: true,
            first_seen: '2024-01-01T00:00:00',
            last_seen: '2026-01-01T00:00:00',
            last_change: '2025-06-01T00:00:00',
            score: s,
            features: { name_literal_match: s },
            match: s >= threshold,
          }));
          return [
            key,
            {
              status: 200,
              results,
              total: { value: scored.length, relation: 'eq' },
              query: { id: null, schema: query.schema, properties: query.properties },
            },
          ];
        }),
      );
      return { status: 200, body: { responses, matcher: {}, limit } };
    },
  });
  return { ...service, requests, entities };
}
