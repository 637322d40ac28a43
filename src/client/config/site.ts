import { BRAND, DEFAULT_TITLE, documentTitle } from '#shared/seo.ts';

export { COMPANY } from '#shared/company.ts';
export const BRAND_NAME = BRAND;
export { DEFAULT_TITLE };

/** SPEC §2: page titles follow '{page} | {brand}'. */
export function pageTitle(page: string): string {
  return documentTitle(page);
}
