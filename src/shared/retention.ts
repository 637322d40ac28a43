/**
 * How long personal data is kept (CONTRACT §6). The one table: the retention job erases by it,
 * the privacy notice is written from it, and the staff 'Data protection' view shows it.
 */

export type RetentionPeriod = { months: number } | { days: number };

export const RETENTION_RULES = [
  {
    key: 'declined',
    what: "A declined application's personal data and identity documents",
    period: { months: 2 },
    from: 'the decline',
  },
  {
    key: 'inactive',
    what: 'An application with no activity that never reached a tier offer',
    period: { months: 12 },
    from: 'its last activity',
  },
  {
    key: 'inbox',
    what: 'Expressions of interest and contact messages',
    period: { months: 12 },
    from: 'their last change',
  },
  {
    key: 'sessions',
    what: 'Expired sessions, staff sign-ins, sign-in links and sign-in challenges',
    period: { days: 30 },
    from: 'their expiry',
  },
  {
    key: 'mail_bodies',
    what: 'The text of e-mails we sent (the record that a mail was sent stays)',
    period: { days: 30 },
    from: 'sending',
  },
  {
    key: 'provider_payloads',
    what: 'Messages from our identity verification provider',
    period: { days: 90 },
    from: 'receipt',
  },
] as const satisfies readonly {
  key: string;
  what: string;
  period: RetentionPeriod;
  from: string;
}[];

export type RetentionKey = (typeof RETENTION_RULES)[number]['key'];

export function retentionRule(key: RetentionKey): (typeof RETENTION_RULES)[number] {
  const rule = RETENTION_RULES.find((r) => r.key === key);
  if (!rule) throw new Error(`no retention rule ${key}`);
  return rule;
}

/** '2 months', '30 days', '12 months'. */
export function describePeriod(period: RetentionPeriod): string {
  const [n, unit] = 'months' in period ? [period.months, 'month'] : [period.days, 'day'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** The moment before which a record under `key` is past its period, seen from `now`. */
export function retentionCutoff(key: RetentionKey, now: Date): Date {
  const period: RetentionPeriod = retentionRule(key).period;
  const cutoff = new Date(now.getTime());
  if ('months' in period) cutoff.setUTCMonth(cutoff.getUTCMonth() - period.months);
  else cutoff.setUTCDate(cutoff.getUTCDate() - period.days);
  return cutoff;
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
