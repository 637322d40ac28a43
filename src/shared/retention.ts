/**
 * How long personal data is kept (CONTRACT §6). The one table: the retention job erases by it,
 * the privacy notice is written from it, and the staff 'Data protection' view shows it.
 */

export type RetentionPeriod = { months: number } | { days: number };

export const RETENTION_RULES = [
  {
    key: 'declined',
    what: "A declined application's personal data and identity documents",
    notice:
      'Declined applications, including identity documents, selfies, verification results and the e-mails we sent about them',
    period: { months: 2 },
    from: 'the application is declined',
  },
  {
    key: 'inactive',
    what: 'An application with no activity that never reached a tier offer',
    notice:
      'Applications that stop before an offer is made, including identity documents, selfies and verification results',
    period: { months: 12 },
    from: 'the last activity on the application',
  },
  {
    key: 'inbox',
    what: 'Expressions of interest and contact messages',
    notice: 'Expressions of interest and messages sent through our contact form',
    period: { months: 12 },
    from: 'we last dealt with them',
  },
  {
    key: 'sessions',
    what: 'Expired sessions, staff sign-ins, sign-in links and sign-in challenges',
    notice: 'Records of signing in, including the links we e-mail to resume an application',
    period: { days: 30 },
    from: 'they expire or are used',
  },
  {
    key: 'mail_bodies',
    what: 'The text of e-mails we sent (the record that a mail was sent stays)',
    notice: 'The text of e-mails we send you (we keep a record that an e-mail was sent)',
    period: { days: 30 },
    from: 'the e-mail is sent',
  },
  {
    key: 'provider_payloads',
    what: 'Messages from our identity verification provider',
    notice: 'The detailed messages our identity-verification provider sends us about your check',
    period: { days: 90 },
    from: 'we receive them',
  },
] as const satisfies readonly {
  key: string;
  /** How staff read the rule. */
  what: string;
  /** How the privacy notice describes the records. */
  notice: string;
  period: RetentionPeriod;
  from: string;
}[];

export type RetentionKey = (typeof RETENTION_RULES)[number]['key'];

export function retentionRule(key: RetentionKey): (typeof RETENTION_RULES)[number] {
  const rule = RETENTION_RULES.find((r) => r.key === key);
  if (!rule) throw new Error(`no retention rule ${key}`);
  return rule;
}

/** '2 months', '30 days', '1 year'. */
export function describePeriod(period: RetentionPeriod): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if ('days' in period) return plural(period.days, 'day');
  return period.months % 12 === 0
    ? plural(period.months / 12, 'year')
    : plural(period.months, 'month');
}

/** The moment before which a record under `key` is past its period, seen from `now`. */
export function retentionCutoff(key: RetentionKey, now: Date): Date {
  const period: RetentionPeriod = retentionRule(key).period;
  const cutoff = new Date(now.getTime());
  if ('months' in period) cutoff.setUTCMonth(cutoff.getUTCMonth() - period.months);
  else cutoff.setUTCDate(cutoff.getUTCDate() - period.days);
  return cutoff;
}

/**
 * Members' records: kept for anti-money-laundering law, and erased a year after the account is
 * closed. Stated in the privacy notice; the product has no account closure yet, so no job runs it.
 */
export const MEMBER_RETENTION = {
  notice:
    "Members' records, including application details, identity documents, selfies, verification results, offer and signature evidence, membership and card details and correspondence",
  period: { months: 12 } as RetentionPeriod,
  from: 'your account is closed',
};

/** 'The period' as the privacy notice states it: '2 months after the application is declined'. */
export function noticePeriod(rule: { period: RetentionPeriod; from: string }): string {
  return `${describePeriod(rule.period)} after ${rule.from}`;
}

/** Members (activated) are never erased on request: anti-money-laundering law keeps them. */
export const ERASE_REFUSED_MEMBER_MESSAGE =
  "A member's records are kept for anti-money-laundering law and cannot be erased.";

/** Why an application was erased, as the tombstone records it. */
export const ERASURE_REASONS = ['declined', 'inactive', 'request'] as const;
export type ErasureReason = (typeof ERASURE_REASONS)[number];

export const ERASURE_REASON_LABELS: Record<ErasureReason, string> = {
  declined: 'Retention: declined application',
  inactive: 'Retention: no activity',
  request: 'Erasure on request',
};
