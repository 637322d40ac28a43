import {
  ArrowLeftRight,
  CreditCard,
  LifeBuoy,
  Settings2,
  Smartphone,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ApplyGetStageResponse } from '#shared/schemas/journey.ts';
import { TIER_INFO } from '#shared/tiers.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { maskedCardNumber } from '../utils/format.ts';
import { CardFace } from './card-face.tsx';
import { WithMemberCard, type MemberCard } from './with-member-card.tsx';

/** SPEC §2 /account: everything past the summary is coming soon. */
const SOON: readonly { label: string; icon: LucideIcon }[] = [
  { label: 'Card details', icon: CreditCard },
  { label: 'App download', icon: Smartphone },
  { label: 'Transactions', icon: ArrowLeftRight },
  { label: 'Beneficiaries', icon: Users },
  { label: 'Card settings', icon: Settings2 },
  { label: 'Support', icon: LifeBuoy },
];

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs font-semibold tracking-[0.16em] text-muted-foreground uppercase">
        {label}
      </dt>
      <dd className="text-lg font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The account portal placeholder: the card's summary and the services to come. */
export function AccountPortal({ application }: { application: ApplyGetStageResponse }) {
  return (
    <WithMemberCard application={application}>{(card) => <PortalView {...card} />}</WithMemberCard>
  );
}

function PortalView({ row, tier }: MemberCard) {
  return (
    <div className="grid gap-12">
      <section
        aria-labelledby="card-title"
        className="grid items-center gap-8 rounded-lg border border-border bg-card p-6 shadow-xs sm:p-10 md:grid-cols-[18rem_minmax(0,1fr)] md:gap-12"
      >
        <CardFace
          tier={tier}
          last4={row.card_last4}
          alt={`Your ${TIER_INFO[tier].name} card`}
          priority
        />
        <div>
          <h2 id="card-title" className="text-2xl md:text-3xl">
            Your card
          </h2>
          <dl className="mt-6 grid gap-6 sm:grid-cols-2">
            <Fact label="Card tier" value={TIER_INFO[tier].name} testId="account-tier" />
            <Fact
              label="Card number"
              value={maskedCardNumber(row.card_last4)}
              testId="account-card"
            />
            <Fact label="Status" value="Active" testId="account-status" />
            <Fact
              label="Mobile access"
              value={row.mobile_access_enabled ? 'Enabled' : 'Disabled'}
              testId="account-mobile"
            />
          </dl>
        </div>
      </section>

      <section aria-labelledby="services-title">
        <h2 id="services-title" className="text-2xl md:text-3xl">
          Manage your membership
        </h2>
        <p className="mt-2 text-muted-foreground">
          These services are on their way; we will let you know as each one opens.
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SOON.map(({ label, icon: Icon }) => (
            <li key={label}>
              <button
                type="button"
                disabled
                className="flex w-full cursor-not-allowed items-center gap-4 rounded-lg border border-border bg-card p-5 text-left"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <span className="grid flex-1 gap-1">
                  <span className="font-medium">{label}</span>
                  <Badge variant="outline" className="text-muted-foreground">
                    Coming soon
                  </Badge>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
