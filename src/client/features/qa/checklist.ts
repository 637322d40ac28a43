/** SPEC §3 'QA checklist': categories of boolean checks, ticked by hand, never saved. */
export const QA_CHECKLIST = {
  ui: ['Responsive at 375 and 1280 px', 'Light and dark themes', 'Keyboard navigation'],
  forms: ['Email validation', 'Required fields', 'Honeypot', 'DB insert', 'Email notifications'],
  admin: [
    'Passphrase auth for admin',
    'Filters',
    'Status updates',
    'CSV export',
    'Maintenance mode toggles',
  ],
  legal: ['Legal documents load', 'Cookie consent choices'],
  performance: ['Pages load quickly', 'No layout shift'],
  security: ['Rate limiting', 'Security headers'],
  seo: ['Page titles', 'Meta descriptions', 'Sitemap and robots.txt'],
} as const satisfies Record<string, readonly string[]>;

export type QaCategory = keyof typeof QA_CHECKLIST;
