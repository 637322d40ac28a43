import { Check, Clock, Minus } from 'lucide-react';
import {
  TIER_FEATURES,
  TIER_INFO,
  TIERS,
  tierIncludes,
  type Tier,
  type TierFeature,
} from '#shared/tiers.ts';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '#client/components/ui/accordion.tsx';
import { useUpcomingQuarter } from '#client/lib/upcoming-quarter.ts';
import { cn } from '#client/utils/cn.ts';
import { FeatureInfo } from './feature-info.tsx';

type MarkProps = {
  tier: Tier;
  feature: TierFeature;
  /** Icon only (the row says 'coming soon' in words elsewhere). */
  compact?: boolean;
};

/** One cell's verdict: included, coming soon (included once it launches) or not included. */
function Mark({ tier, feature, compact = false }: MarkProps) {
  if (!tierIncludes(tier, feature.from)) {
    return (
      <>
        <Minus aria-hidden="true" className="size-4 text-muted-foreground/60" />
        <span className="sr-only">Not included</span>
      </>
    );
  }
  if (feature.launch) {
    return (
      <span className="inline-flex items-center gap-1.5 text-xs text-gold">
        <Clock aria-hidden="true" className="size-4" />
        <span className={compact ? 'sr-only' : undefined}>Coming soon</span>
      </span>
    );
  }
  return (
    <>
      <Check aria-hidden="true" className="size-4 text-gold" />
      <span className="sr-only">Included</span>
    </>
  );
}

/** 'Coming soon', with the launch quarter while it is still to come. */
function LaunchNote({ quarter }: { quarter: string }) {
  const upcoming = useUpcomingQuarter(quarter);
  return <>{upcoming ? `Coming soon, launching ${upcoming}` : 'Coming soon'}</>;
}

function ComparisonTable() {
  return (
    <div
      className="hidden overflow-hidden rounded-lg border border-border bg-card lg:block"
      data-testid="comparison-table"
    >
      {/* Fixed layout: the five tier columns share one width, whatever their names. */}
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">Features included with each membership tier</caption>
        <colgroup>
          <col className="w-[30%]" />
          {TIERS.map((tier) => (
            <col key={tier} />
          ))}
        </colgroup>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="px-6 py-5 text-left font-medium text-muted-foreground">
              Feature
            </th>
            {TIERS.map((tier) => (
              <th
                key={tier}
                scope="col"
                className="px-4 py-5 text-center font-serif text-lg font-medium"
              >
                {TIER_INFO[tier].name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {TIER_FEATURES.map((feature) => (
            <tr
              key={feature.name}
              className="border-b border-border last:border-b-0 even:bg-muted/40"
            >
              <th scope="row" className="px-6 py-3.5 text-left font-normal">
                <span className="flex items-center gap-2">
                  {feature.name}
                  <FeatureInfo feature={feature} />
                </span>
                {feature.launch ? (
                  <span className="block text-xs text-muted-foreground">
                    <LaunchNote quarter={feature.launch} />
                  </span>
                ) : null}
              </th>
              {TIERS.map((tier) => (
                <td key={tier} className="px-4 py-3.5">
                  <span className="flex justify-center">
                    <Mark tier={tier} feature={feature} />
                  </span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ComparisonAccordion() {
  return (
    <Accordion
      type="single"
      collapsible
      data-testid="comparison-accordion"
      className="rounded-lg border border-border bg-card px-5 lg:hidden"
    >
      {TIERS.map((tier) => {
        const count = TIER_FEATURES.filter((feature) => tierIncludes(tier, feature.from)).length;
        return (
          <AccordionItem key={tier} value={tier}>
            <AccordionTrigger>
              <span className="flex flex-1 items-baseline justify-between gap-3">
                <span className="font-serif text-xl font-medium">{TIER_INFO[tier].name}</span>
                <span className="font-sans text-sm font-normal text-muted-foreground">
                  {count} of {TIER_FEATURES.length} features
                </span>
              </span>
            </AccordionTrigger>
            <AccordionContent>
              <ul className="space-y-1">
                {TIER_FEATURES.map((feature) => {
                  const included = tierIncludes(tier, feature.from);
                  return (
                    <li key={feature.name} className="flex min-h-11 items-center gap-3">
                      <span className="flex w-5 shrink-0 justify-center">
                        <Mark tier={tier} feature={feature} compact />
                      </span>
                      <span className={cn('flex-1', included && 'text-foreground')}>
                        {feature.name}
                        {feature.launch && included ? (
                          <span className="block text-xs text-gold">
                            <LaunchNote quarter={feature.launch} />
                          </span>
                        ) : null}
                      </span>
                      <FeatureInfo feature={feature} />
                    </li>
                  );
                })}
              </ul>
            </AccordionContent>
          </AccordionItem>
        );
      })}
    </Accordion>
  );
}

/** SPEC §3's twelve-feature matrix: a table on wide screens, one panel per tier on smaller ones. */
export function TierComparison() {
  return (
    <>
      <ComparisonTable />
      <ComparisonAccordion />
    </>
  );
}
