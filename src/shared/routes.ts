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
  // One applicant's case; `:id` is an application id (a UUID), anything else is a 404.
  '/admin/applicants/:id',
] as const;

export type SpaPath = (typeof SPA_PATHS)[number];

const SPA_PATH_SET: ReadonlySet<string> = new Set(SPA_PATHS);

/** What a `:param` segment matches: the ids in our addresses are UUIDs. */
const PARAM_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The routes with a `:param` segment, split into segments once. */
const PATTERNS = SPA_PATHS.filter((path) => path.includes('/:')).map((path) => ({
  path,
  segments: path.split('/'),
}));

/**
 * The route of the table `pathname` (no query string or hash) is, or null. Exact,
 * case-sensitive match after stripping one trailing slash, so `/cards/` matches but
 * `/cards//`, `//`, `/Cards` and `/cards/x` do not; a `:param` segment matches one UUID.
 */
export function matchSpaPath(pathname: string): SpaPath | null {
  if (pathname === '/') return '/';
  const normalised = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (normalised === '/' || normalised === '') return null;
  if (SPA_PATH_SET.has(normalised) && !normalised.includes('/:')) return normalised as SpaPath;
  const segments = normalised.split('/');
  for (const pattern of PATTERNS) {
    if (
      pattern.segments.length === segments.length &&
      pattern.segments.every((part, i) =>
        part.startsWith(':') ? PARAM_SEGMENT.test(segments[i] ?? '') : part === segments[i],
      )
    ) {
      return pattern.path;
    }
  }
  return null;
}

/** Whether `pathname` is one of the SPA's routes (see matchSpaPath). */
export function isSpaPath(pathname: string): boolean {
  return matchSpaPath(pathname) !== null;
}
