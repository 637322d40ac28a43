import type { CaseServiceLevel as Level } from '#shared/schemas/case.ts';
import { SERVICE_LEVEL_LABELS } from '#shared/service-levels.ts';
import { WaitingLabel } from '#client/components/staff/queue-controls.tsx';

/**
 * The queue the case waits in, for the case header: 'Identity review queue: waiting 2 days, due in
 * 5 hours', marked Overdue past its due time as in the queues. Nothing when it waits in none.
 */
export function CaseServiceLevel({ level }: { level: Level | null }) {
  if (!level) return null;
  return (
    <span
      className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"
      data-testid="case-service-level"
    >
      <span className="font-medium">{SERVICE_LEVEL_LABELS[level.queue]} queue:</span>
      <WaitingLabel since={level.since} dueAt={level.due_at} />
    </span>
  );
}
