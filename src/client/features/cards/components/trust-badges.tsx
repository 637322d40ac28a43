import { Landmark, LockKeyhole, ShieldCheck, Smartphone, type LucideIcon } from 'lucide-react';
import { cn } from '#client/utils/cn.ts';

/** SPEC §1: the four trust badges, verbatim. */
const BADGES: { label: string; icon: LucideIcon }[] = [
  { label: 'Secure 3DS 2.2', icon: ShieldCheck },
  { label: 'In-app controls', icon: Smartphone },
  { label: 'PCI-DSS aligned', icon: LockKeyhole },
  { label: 'Funds safeguarded by authorised partner', icon: Landmark },
];

export function TrustBadges({ className }: { className?: string }) {
  return (
    <ul
      aria-label="Security and safeguards"
      data-testid="trust-badges"
      className={cn('grid grid-cols-2 gap-x-6 gap-y-5 lg:grid-cols-4', className)}
    >
      {BADGES.map(({ label, icon: Icon }) => (
        <li key={label} className="flex items-center gap-3 text-sm text-muted-foreground">
          <Icon aria-hidden="true" strokeWidth={1.5} className="size-5 shrink-0 text-gold" />
          <span>{label}</span>
        </li>
      ))}
    </ul>
  );
}
