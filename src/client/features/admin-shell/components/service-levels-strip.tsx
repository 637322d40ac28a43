import { AlertTriangle, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { mayCall, type StaffCall } from '#shared/calls.ts';
import type { ServiceLevelRow } from '#shared/schemas/casework.ts';
import { SERVICE_LEVEL_LABELS, type ServiceLevelQueue } from '#shared/service-levels.ts';
import type { StaffRole } from '#shared/staff.ts';
import { paths } from '#client/config/paths.ts';
import { useServiceLevels } from '#client/lib/staff/api/service-levels.ts';

/**
 * Where each queue is worked: the tab that lists it and the call that tab makes (a member sees
 * a queue's count only if their role may open its list).
 */
const QUEUE_TABS: Record<ServiceLevelQueue, { tab: string; call: StaffCall }> = {
  identity_review: { tab: 'kyc', call: 'admin-kyc-list' },
  offer: { tab: 'offers', call: 'admin-offer-list' },
  activation: { tab: 'activations', call: 'admin-activation-list' },
  screening_alert: { tab: 'screening', call: 'admin-screening-alert-list' },
  approval: { tab: 'approvals', call: 'admin-approval-list' },
  erasure_request: { tab: 'data', call: 'admin-data-protection' },
  escalation: { tab: 'mlro', call: 'admin-escalation-list' },
};

const count = (n: number) => n.toLocaleString('en-GB');

function QueueCount({ level }: { level: ServiceLevelRow }) {
  const label = SERVICE_LEVEL_LABELS[level.queue];
  const overdue = level.breached > 0;
  return (
    <li>
      <Link
        to={`${paths.admin.getHref()}?tab=${QUEUE_TABS[level.queue].tab}`}
        className="grid h-full gap-0.5 rounded-md border border-border bg-card px-3 py-2 text-sm hover:border-gold-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <span className="font-medium underline-offset-4">{label}</span>
        <span className="text-muted-foreground">{count(level.open)} open</span>
        {overdue ? (
          <span className="inline-flex items-center gap-1 font-medium text-destructive-text">
            <AlertTriangle aria-hidden="true" className="size-3.5 shrink-0" />
            {count(level.breached)} overdue
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 text-muted-foreground">
            <CircleCheck aria-hidden="true" className="size-3.5 shrink-0" />
            None overdue
          </span>
        )}
      </Link>
    </li>
  );
}

/**
 * The dashboard's service levels (CONTRACT §9): for each queue the member's role may open, how
 * many items wait and how many are past their target, each a link to its tab. The counts are
 * read again every minute in the background; until they first arrive (or if they cannot be
 * read) the strip is simply not there, as the tabs show the same items.
 */
export function ServiceLevelsStrip({ role }: { role: StaffRole }) {
  const levels = useServiceLevels();
  const visible = (levels.data?.levels ?? []).filter((level) =>
    mayCall(role, QUEUE_TABS[level.queue].call),
  );
  if (visible.length === 0) return null;
  return (
    <section aria-labelledby="service-levels-title" className="mt-6 grid gap-2">
      <h2 id="service-levels-title" className="font-sans text-sm font-medium text-muted-foreground">
        Service levels
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-7">
        {visible.map((level) => (
          <QueueCount key={level.queue} level={level} />
        ))}
      </ul>
    </section>
  );
}
