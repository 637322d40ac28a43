export const BRAND_NAME = 'Waj';

/** SPEC §2: the default title is the brand plus a tagline about private membership beyond banking. */
export const DEFAULT_TITLE = `${BRAND_NAME} | Private membership beyond banking`;

/** SPEC §2: page titles follow '{page} | {brand}'. */
export function pageTitle(page: string): string {
  return `${page} | ${BRAND_NAME}`;
}
