import { Badge } from '#client/components/ui/badge.tsx';
import { useFounder } from '../founder-store.ts';

/** SPEC §1: a FOUNDING badge in the header for founding members. */
export function FoundingBadge() {
  const { active } = useFounder();
  if (!active) return null;
  return (
    <Badge
      data-testid="founding-badge"
      variant="gold"
      className="font-sans text-[0.6875rem] font-semibold tracking-[0.18em]"
    >
      FOUNDING
    </Badge>
  );
}
