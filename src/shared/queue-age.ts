/**
 * How long a queued case has waited, in words ('waiting 3 days'); whether it is overdue is the
 * service levels' (service-levels.ts). Whole units, rounded down: a case waiting 47 hours 59
 * minutes says '1 day', never '2 days'.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

export function waitingFor(since: string, now: number = Date.now()): string {
  const waited = Math.max(0, now - Date.parse(since));
  if (waited >= DAY) return `waiting ${plural(Math.floor(waited / DAY), 'day')}`;
  if (waited >= HOUR) return `waiting ${plural(Math.floor(waited / HOUR), 'hour')}`;
  if (waited >= MINUTE) return `waiting ${plural(Math.floor(waited / MINUTE), 'minute')}`;
  return 'waiting less than a minute';
}
