import { Container } from '#client/components/layouts/container.tsx';
import { Head } from '#client/components/seo/head.tsx';
import { CardGallery } from '#client/features/cards/components/card-gallery.tsx';
import {
  CardsInvitation,
  RequestInvitationBar,
} from '#client/features/cards/components/cards-invitation.tsx';
import { Reveal } from '#client/features/cards/components/reveal.tsx';
import { SectionHeading } from '#client/features/cards/components/section-heading.tsx';
import { TierCards } from '#client/features/cards/components/tier-cards.tsx';
import { TierComparison } from '#client/features/cards/components/tier-comparison.tsx';
import { useFounder } from '#client/features/founder/founder-store.ts';

export default function CardsRoute() {
  const founder = useFounder();
  return (
    <div>
      <Head />
      <Container className="pt-14 pb-16 md:pt-20 md:pb-20">
        <div className="max-w-3xl">
          <p className="mb-5 text-xs font-semibold tracking-[0.22em] text-gold uppercase">
            Membership cards
          </p>
          <h1 className="text-5xl leading-[1.05] sm:text-6xl">Choose your calibre.</h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-muted-foreground">
            Five tiers of membership, from Standard to the invitation-only Elite. Each card is
            finished for its tier; every one comes with the same discreet service.
          </p>
        </div>
        <div className="mt-14">
          <CardGallery />
        </div>
      </Container>

      <Container className="space-y-24 pb-24 md:space-y-32 md:pb-32">
        <section aria-labelledby="tiers-heading">
          <SectionHeading id="tiers-heading" eyebrow="The tiers" title="Five tiers of membership">
            Each tier includes everything in the one before it.
          </SectionHeading>
          <Reveal className="mt-12">
            <TierCards founder={founder.active} />
          </Reveal>
        </section>

        <section aria-labelledby="compare-heading">
          <SectionHeading id="compare-heading" eyebrow="Side by side" title="Compare membership">
            Twelve features across five tiers. Select the info button beside a feature to learn
            more.
          </SectionHeading>
          <Reveal className="mt-12">
            <TierComparison />
          </Reveal>
        </section>

        <Reveal>
          <CardsInvitation />
        </Reveal>
      </Container>
      <RequestInvitationBar />
    </div>
  );
}
