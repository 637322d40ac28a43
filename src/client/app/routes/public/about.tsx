import { Link } from 'react-router';
import { Container } from '#client/components/layouts/container.tsx';
import {
  Eyebrow,
  PageHeader,
  Rosette,
  SectionHeader,
} from '#client/components/layouts/page-header.tsx';
import {
  ApplyButton,
  ClosingBand,
  SplitSection,
} from '#client/components/layouts/page-sections.tsx';
import { Head } from '#client/components/seo/head.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';

const PRINCIPLES = [
  {
    title: 'Discretion',
    text: 'Membership is by invitation, our cards are quietly finished, and your affairs stay yours. We say little and keep our word.',
  },
  {
    title: 'Calibre',
    text: 'Five tiers, from Standard to the invitation-only Elite, each finished in its own material and matched to the life it serves.',
  },
  {
    title: 'Service',
    text: 'Priority support at every tier, dedicated managers from Titan upwards and, at the very top, a concierge who knows your name.',
  },
] as const;

export default function AboutRoute() {
  return (
    <>
      <Head />
      <PageHeader
        eyebrow="Our story"
        title="About Waj"
        lede="A private membership bank for people who would rather their bank be quiet, quick and entirely on their side."
      />

      <Container>
        <SplitSection
          id="story"
          eyebrow="Why we began"
          title="Banking, made personal again"
          className="border-b border-border"
        >
          <div className="space-y-5 text-lg leading-relaxed text-muted-foreground">
            <p>
              Waj began with a simple observation: the people who expect the most of their bank are
              often the least well served by it. Limits set by formula. Support that starts with a
              queue. Perks that feel like marketing.
            </p>
            <p>
              So we set out to build something smaller and better: a membership rather than a
              customer base, with discreet virtual and metal cards, elevated limits, in-app controls
              and a team that answers to members, not to volume.
            </p>
            <p>
              We are based in the United Kingdom, and we work with an authorised banking partner
              that safeguards members&apos; funds, so that we can concentrate on the part that
              matters to you: the service.
            </p>
          </div>
        </SplitSection>

        <section aria-labelledby="principles" className="border-b border-border py-16 md:py-24">
          <SectionHeader id="principles" eyebrow="What we hold to" title="Three principles" />
          <ol className="mt-12 grid gap-10 md:grid-cols-3 md:gap-12">
            {PRINCIPLES.map((principle, index) => (
              <li key={principle.title} className="border-t border-gold-soft/50 pt-6">
                <span aria-hidden="true" className="font-serif text-sm text-gold tabular-nums">
                  {`0${index + 1}`}
                </span>
                <h3 className="mt-3 text-2xl">{principle.title}</h3>
                <p className="mt-3 leading-relaxed text-muted-foreground">{principle.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="founding-circle" className="py-16 md:py-24">
          <div className="relative overflow-hidden rounded-xl border border-border bg-card p-6 sm:p-8 md:p-14">
            <Rosette className="absolute -right-28 -bottom-28 hidden size-72 text-gold-soft/30 sm:block md:-right-16 md:-bottom-24 md:size-96 dark:text-gold-soft/20" />
            <div className="relative max-w-2xl">
              <div className="flex flex-wrap items-center gap-3">
                <Eyebrow>The founding circle</Eyebrow>
                <Badge variant="outline" className="text-muted-foreground">
                  Closed
                </Badge>
              </div>
              <h2 id="founding-circle" className="mt-6 text-3xl leading-tight md:text-4xl">
                Our founding members
              </h2>
              <div className="mt-5 space-y-4 leading-relaxed text-muted-foreground">
                <p>
                  Before Waj opened its doors, a small circle of founding members helped shape it:
                  the tiers, the service and the perks. Their names are not published, and their
                  founding perks stay with them for as long as they are members.
                </p>
                <p>
                  The founding membership is now closed. New members join by invitation or by
                  application, and every one of them is welcomed with the same care.
                </p>
              </div>
            </div>
          </div>
        </section>
      </Container>

      <ClosingBand
        id="about-apply"
        title="Membership is by invitation"
        text={
          <>
            Have a code? Enter it to begin. No code yet? Start an application, and if selected,
            you&apos;ll receive an invitation code by email.
          </>
        }
      >
        <div className="flex flex-wrap gap-3">
          <ApplyButton />
          <Button asChild size="lg" variant="outline">
            <Link to={paths.eligibility.getHref()}>Check eligibility</Link>
          </Button>
        </div>
      </ClosingBand>
    </>
  );
}
