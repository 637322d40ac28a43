import { PAGE_DATA_ID, type PageQuery } from '#shared/page-data.ts';
import { setData } from './public-data.ts';

/**
 * Puts the data the server rendered the page with into the store before the first render, so
 * the browser draws exactly what the server sent (hydration) and asks for none of it again.
 * A page without the block, or with a broken one, simply fetches as before.
 */
export function seedPageData(): void {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return;
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch {
    return;
  }
  if (!Array.isArray(entries)) return;
  for (const entry of entries as PageQuery[]) {
    if (Array.isArray(entry) && Array.isArray(entry[0])) setData(entry[0], entry[1]);
  }
}
