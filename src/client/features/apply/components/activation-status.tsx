import { ArrowRight, Mail, ShieldCheck, Truck } from 'lucide-react';
import { Link } from 'react-router';
import type { ApplyGetStageResponse } from '#shared/schemas/journey.ts';
import { TIER_INFO } from '#shared/tiers.ts';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { useLiveStage } from '../hooks/use-live-stage.ts';
import { formatDate, maskedCardNumber } from '../utils/format.ts';
import { CardFace } from './card-face.tsx';
import { memberTier, WithMemberCard, type MemberCard } from './with-member-card.tsx';

const NEXT_STEPS = [
  {
    icon: ShieldCheck,
    title: 'Final checks',
    text: 'Our team completes the last checks and opens your account.',
  },
  {
    icon: Mail,
    title: 'Confirmation email within 24 hours',
    text: 'We will email you as soon as your membership is active.',
  },
  {
    icon: Truck,
    title: 'Your card in 5 to 7 business days',
    text: 'Your card is shipped by tracked, signed-for delivery once your account is active.',
  },
] as const;

/** Stage accepted: what happens next. The screen moves on by itself once activated. */
export function ActivationPending({ application }: { application: ApplyGetStageResponse }) {
  useLiveStage(application.stage);
  const tier = memberTier(application);
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-12">
      <section aria-labelledby="next-title">
        <h2 id="next-title" className="text-2xl md:text-3xl">
          What happens next
        </h2>
        <ol className="mt-8 grid gap-6">
          {NEXT_STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full border border-gold-soft/60 text-gold">
                <step.icon aria-hidden="true" className="size-4" />
              </span>
              <div className="pt-1">
                <p className="font-medium">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </p>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <div className="grid content-start gap-3">
        <CardFace tier={tier} alt={`Your ${TIER_INFO[tier].name} card`} priority />
        <p className="text-center text-sm text-muted-foreground">
          {TIER_INFO[tier].name} membership
        </p>
      </div>
    </div>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex flex-col gap-1 py-4 sm:flex-row sm:items-baseline sm:justify-between sm:gap-6">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium sm:text-right" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Stage activated: the member's card and how to reach the account portal. */
export function ActivationWelcome({ application }: { application: ApplyGetStageResponse }) {
  return (
    <WithMemberCard application={application}>{(card) => <WelcomeView {...card} />}</WithMemberCard>
  );
}

function WelcomeView({ row, tier }: MemberCard) {
  return (
    <div className="grid gap-10 lg:grid-cols-[18rem_minmax(0,1fr)] lg:gap-12">
      <CardFace
        tier={tier}
        last4={row.card_last4}
        alt={`Your ${TIER_INFO[tier].name} card`}
        priority
        className="mx-auto max-w-xs lg:mx-0 lg:max-w-none"
      />
      <section aria-labelledby="membership-title">
        <h2 id="membership-title" className="text-2xl md:text-3xl">
          Your membership
        </h2>
        <dl className="mt-4 divide-y divide-border border-y border-border">
          <Row label="Membership tier" value={TIER_INFO[tier].name} testId="member-tier" />
          <Row label="Card number" value={maskedCardNumber(row.card_last4)} testId="card-number" />
          <Row
            label="Mobile banking"
            value={row.mobile_access_enabled ? 'Enabled' : 'Disabled'}
            testId="mobile-banking"
          />
          <Row label="Activated on" value={formatDate(row.activated_at)} testId="activated-on" />
          {row.card_shipment_tracking ? (
            <Row
              label="Card shipment tracking"
              value={row.card_shipment_tracking}
              testId="tracking-number"
            />
          ) : null}
        </dl>
        <Button asChild size="lg" className="mt-8 w-full sm:w-auto">
          <Link to={paths.account.getHref()}>
            Access Account Portal
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </section>
    </div>
  );
}
