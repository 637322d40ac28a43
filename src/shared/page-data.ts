/**
 * What the server reads for a public page before rendering it, and writes into the served HTML
 * so the browser's first render has the same data and hydrates without asking again: query
 * cache entries, keyed as the client's queries key them (decision 047).
 */

/** The JSON data block's element id (never run as a script: the CSP has nothing to allow). */
export const PAGE_DATA_ID = 'waj-page-data';

/** The query keys of the staff-editable content public pages draw. */
export const PAGE_QUERY_KEYS = {
  cardAssets: ['card-assets'],
  legalDocuments: ['legal-documents'],
  pressBoilerplate: ['site-settings', 'press_boilerplate'],
} as const;

/** One query cache entry: its key and the data the query's function would have returned. */
export type PageQuery = [key: readonly string[], data: unknown];

/** What the server hands the page renderer (src/client/entry-server.tsx). */
export interface PageRenderInput {
  /** The full address asked for (origin + path + query). */
  url: string;
  /** The page switches as the served HTML carries them (`waj-settings`). */
  settings: Record<string, unknown> | null;
  /** Query cache entries as the served HTML carries them (`waj-page-data`). */
  queries: PageQuery[];
}

/** The renderer's one export: the markup inside `#root`, or null when it renders nothing. */
export type PageRenderer = (input: PageRenderInput) => Promise<string | null>;
