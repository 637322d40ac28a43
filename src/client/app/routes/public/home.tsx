import { useRef } from 'react';
import { Link } from 'react-router';
import { Container } from '#client/components/layouts/container.tsx';
import { Head } from '#client/components/seo/head.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { HeroCardStack } from '#client/features/cards/components/hero-card-stack.tsx';
import { MembershipAdvantages } from '#client/features/cards/components/membership-advantages.tsx';
import { Reveal } from '#client/features/cards/components/reveal.tsx';
import { Testimonials } from '#client/features/cards/components/testimonials.tsx';
import { TrustBadges } from '#client/features/cards/components/trust-badges.tsx';
import { WajExperience } from '#client/features/cards/components/waj-experience.tsx';
import { RequestInvitation } from '#client/features/invite-mode/components/request-invitation.tsx';

export default function HomeRoute() {
  const hero = useRef<HTMLElement>(null);
  return (
    <>
      <Head />
      <section
        ref={hero}
        aria-labelledby="hero-heading"
        className="overflow-x-clip bg-[radial-gradient(ellipse_at_80%_30%,color-mix(in_srgb,var(--gold-soft)_10%,transparent),transparent_60%)]"
      >
        <Container className="grid items-center gap-12 pt-14 pb-16 md:grid-cols-[1.1fr_1fr] md:gap-8 md:pt-20 md:pb-24 lg:gap-16">
          <div>
            <p className="mb-6 text-xs font-semibold tracking-[0.22em] text-gold uppercase">
              A private bank, by invitation
            </p>
            <h1
              id="hero-heading"
              className="text-[2.75rem] leading-[1.05] sm:text-6xl lg:text-[4rem]"
            >
              Private membership that goes beyond banking
            </h1>
            <p className="mt-7 max-w-lg text-lg leading-relaxed text-muted-foreground">
              Discreet cards, elevated limits and curated perks, with a relationship team who know
              you by name. Five tiers, one standard of service.
            </p>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg">
                <Link to={paths.apply.root.getHref()}>Apply Now</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to={paths.cards.getHref()}>Explore Cards</Link>
              </Button>
            </div>
          </div>
          <HeroCardStack area={hero} />
        </Container>
      </section>

      <div className="border-y border-border bg-card/60">
        <Container className="py-8">
          <TrustBadges />
        </Container>
      </div>

      <Container className="space-y-28 py-24 md:space-y-36 md:py-32">
        <Reveal>
          <MembershipAdvantages />
        </Reveal>
        <WajExperience />
        <Testimonials />
        <Reveal>
          <RequestInvitation />
        </Reveal>
      </Container>
    </>
  );
}
