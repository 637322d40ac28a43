/**
 * Service levels (CONTRACT §9): how old an item of each queue may grow before it is overdue.
 * One table for the server (due times, breach counts, the report) and the panel (labels); the
 * server's SERVICE_LEVELS setting overrides any of them (`identity_review=12,offer=36`).
 */

export const SERVICE_LEVEL_QUEUES = [
  'identity_review',
  'offer',
  'activation',
  'screening_alert',
  'approval',
  'erasure_request',
  'escalation',
] as const;
export type ServiceLevelQueue = (typeof SERVICE_LEVEL_QUEUES)[number];

/** Target ages in hours. */
export type ServiceLevels = Record<ServiceLevelQueue, number>;

export const DEFAULT_SERVICE_LEVELS: ServiceLevels = {
  identity_review: 24,
  offer: 48,
  activation: 72,
  screening_alert: 24,
  approval: 24,
  // A data subject's request is answered within one month (UK GDPR art. 12(3)).
  erasure_request: 30 * 24,
  // Not in the contract's table: a nominated officer decides on a report promptly (POCA s.330).
  escalation: 72,
};

export const SERVICE_LEVEL_LABELS: Record<ServiceLevelQueue, string> = {
  identity_review: 'Identity review',
  offer: 'Offers',
  activation: 'Activations',
  screening_alert: 'Screening alerts',
  approval: 'Approvals',
  erasure_request: 'Erasure requests',
  escalation: 'MLRO',
};

export function isServiceLevelQueue(value: string): value is ServiceLevelQueue {
  return (SERVICE_LEVEL_QUEUES as readonly string[]).includes(value);
}

const HOUR = 3_600_000;

/** When an item that started waiting at `since` is due. */
export function dueAt(since: string | Date, hours: number): string {
  const start = typeof since === 'string' ? Date.parse(since) : since.getTime();
  return new Date(start + hours * HOUR).toISOString();
}

/** Overdue: strictly past its due time. */
export function isBreached(due: string, now: number = Date.now()): boolean {
  return now > Date.parse(due);
}

/** How long until (or since) the due time, in words: 'due in 3 hours', 'overdue by 2 days'. */
export function dueLabel(due: string, now: number = Date.now()): string {
  const delta = Date.parse(due) - now;
  const words = durationWords(Math.abs(delta));
  return delta >= 0 ? `due in ${words}` : `overdue by ${words}`;
}

function durationWords(ms: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (ms >= 24 * HOUR) return plural(Math.floor(ms / (24 * HOUR)), 'day');
  if (ms >= HOUR) return plural(Math.floor(ms / HOUR), 'hour');
  return plural(Math.max(1, Math.floor(ms / 60_000)), 'minute');
}

/**
 * Reads `identity_review=12,offer=36`: the named queues' hours replace the defaults. Returns an
 * error message naming the bad part instead of throwing, for the server's settings check.
 */
export function parseServiceLevels(
  value: string | undefined,
  base: ServiceLevels = DEFAULT_SERVICE_LEVELS,
): ServiceLevels | { error: string } {
  const levels = { ...base };
  if (!value?.trim()) return levels;
  for (const part of value.split(',')) {
    const [name = '', hours = ''] = part.split('=').map((s) => s.trim());
    if (!isServiceLevelQueue(name)) {
      return { error: `'${name}' is not a queue (one of ${SERVICE_LEVEL_QUEUES.join(', ')})` };
    }
    const n = Number(hours);
    if (!/^\d+$/.test(hours) || n < 1 || n > 8760) {
      return { error: `${name} must be a whole number of hours between 1 and 8760` };
    }
    levels[name] = n;
  }
  return levels;
}
