import type { KycFileStatus } from '#shared/stages.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { KYC_STATUS_LABELS } from './kyc-format.ts';

const VARIANTS = {
  pending: 'outline',
  approved: 'default',
  rejected: 'destructive',
} as const satisfies Record<KycFileStatus, string>;

export function KycStatusBadge({ status }: { status: KycFileStatus }) {
  return <Badge variant={VARIANTS[status]}>{KYC_STATUS_LABELS[status]}</Badge>;
}
