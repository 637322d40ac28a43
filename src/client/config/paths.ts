import type { SpaPath } from '#shared/routes.ts';

/**
 * Every route of the SPA with an href builder. Build links with `paths.x.getHref()`, never
 * with string literals, so a renamed route is one edit. Each `path` must be one of
 * `SPA_PATHS` (src/shared/routes.ts), which the server uses to answer unknown paths with 404.
 */
const route = <P extends SpaPath>(path: P) => ({ path, getHref: () => path }) as const;

export type LegalDoc = 'privacy' | 'terms' | 'cookies';

export const paths = {
  home: route('/'),
  cards: route('/cards'),
  apply: {
    root: route('/apply'),
    details: route('/apply/details'),
    kyc: route('/apply/kyc'),
    review: {
      path: '/apply/review' satisfies SpaPath,
      /** `sid` is the magic-link session parameter. */
      getHref: (sid?: string) =>
        sid ? `/apply/review?${new URLSearchParams({ sid }).toString()}` : '/apply/review',
    },
    offer: route('/apply/offer'),
    activate: route('/apply/activate'),
  },
  account: route('/account'),
  eligibility: route('/eligibility'),
  partners: route('/partners'),
  about: route('/about'),
  security: route('/security'),
  press: route('/press'),
  help: route('/help'),
  legal: {
    root: {
      path: '/legal' satisfies SpaPath,
      getHref: (doc?: LegalDoc) =>
        doc ? `/legal?${new URLSearchParams({ doc }).toString()}` : '/legal',
    },
    cookies: route('/legal/cookies'),
    privacy: route('/legal/privacy'),
    terms: route('/legal/terms'),
  },
  updateLegal: route('/update-legal'),
  contact: route('/contact'),
  admin: route('/admin'),
  adminCase: {
    path: '/admin/applicants/:id' satisfies SpaPath,
    /** One applicant's case screen; other screens link to it as 'Open case'. */
    getHref: (basicId: string) => `/admin/applicants/${encodeURIComponent(basicId)}`,
  },
  adminJoin: {
    path: '/admin/join' satisfies SpaPath,
    /** `token` is the single-use invitation from the `admin-staff-invite` e-mail. */
    getHref: (token?: string) =>
      token ? `/admin/join?${new URLSearchParams({ token }).toString()}` : '/admin/join',
  },
} as const;
