import { CircleAlert, Hourglass, ShieldAlert, ShieldCheck, type LucideIcon } from 'lucide-react';
import {
  ALERT_STATUS_LABELS,
  type AlertStatus,
  type ScreeningKind,
} from '#shared/schemas/screening.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { SCREENING_KIND_LABELS } from './screening-format.ts';

const STATUS_LOOK: Record<
  AlertStatus,
  { icon: LucideIcon; variant: 'destructive' | 'outline' | 'secondary' }
> = {
  open: { icon: CircleAlert, variant: 'outline' },
  confirmed: { icon: ShieldAlert, variant: 'destructive' },
  clear_requested: { icon: Hourglass, variant: 'secondary' },
  cleared: { icon: ShieldCheck, variant: 'outline' },
};

/** An alert's status in words, with an icon: never told by colour alone. */
export function AlertStatusBadge({ status }: { status: AlertStatus }) {
  const { icon: Icon, variant } = STATUS_LOOK[status];
  return (
    <Badge variant={variant} data-testid="alert-status">
      <Icon aria-hidden="true" />
      {ALERT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Sanctions or PEP. */
export function AlertKindBadge({ kind }: { kind: ScreeningKind }) {
  return (
    <Badge variant={kind === 'sanctions' ? 'outline' : 'gold'}>{SCREENING_KIND_LABELS[kind]}</Badge>
  );
}
