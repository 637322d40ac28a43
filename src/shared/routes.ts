/**
 * The SPA's route table, shared by the client router and the server.
 *
 * The server answers any path not listed here with HTTP 404 (still serving index.html, so the
 * SPA renders its own 404 page). Keep this list in step with `src/client/app/router.tsx`.
 * No DOM or Node imports here: both sides import this module.
 */
export const SPA_PATHS = [
  '/',
  '/cards',
  '/apply',
  '/apply/details',
  '/apply/kyc',
  '/apply/review',
  '/apply/offer',
  '/apply/activate',
  '/account',
  '/eligibility',
  '/partners',
  '/about',
  '/security',
  '/press',
  '/help',
  '/legal',
  '/legal/cookies',
  '/legal/privacy',
  '/legal/terms',
  '/update-legal',
  '/contact',
  '/admin',
  '/admin/join',
] as const;

export type SpaPath = (typeof SPA_PATHS)[number];

const SPA_PATH_SET: ReadonlySet<string> = new Set(SPA_PATHS);

/**
 * Whether `pathname` (no query string or hash) is one of the SPA's routes. Exact,
 * case-sensitive match after stripping one trailing slash, so `/cards/` matches but
 * `/cards//`, `//`, `/Cards` and `/cards/x` do not.
 */
export function isSpaPath(pathname: string): boolean {
  if (pathname === '/') return true;
  const normalised = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return normalised !== '/' && SPA_PATH_SET.has(normalised);
}
