import { Gem, Plane, UtensilsCrossed, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Container } from '#client/components/layouts/container.tsx';
import { PageHeader, Rosette, SectionHeader } from '#client/components/layouts/page-header.tsx';
import { ClosingBand, IconCard } from '#client/components/layouts/page-sections.tsx';
import { Head } from '#client/components/seo/head.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { useFounder } from '#client/features/founder/founder-store.ts';

type Category = { title: string; text: string; icon: LucideIcon };

/** SPEC §2: the three partner categories, all coming soon. */
const CATEGORIES: readonly Category[] = [
  {
    title: 'Fine dining',
    text: 'Tables at restaurants that are hard to book, chef’s counters and private rooms, arranged through your membership.',
    icon: UtensilsCrossed,
  },
  {
    title: 'Luxury retail',
    text: 'Private appointments, early access and members’ terms at houses we admire, from tailoring to fine jewellery.',
    icon: Gem,
  },
  {
    title: 'Travel lounge',
    text: 'Airport lounge access for Titan, Monarch and Elite members, with travel partners to follow.',
    icon: Plane,
  },
];

/** Shown to founding members only (SPEC §1, §6): the perk that comes with founding status. */
function FoundingPerkCard() {
  return (
    <section
      aria-labelledby="founding-perk"
      data-testid="founding-perk-card"
      className="relative overflow-hidden rounded-xl border border-gold-soft/60 bg-card p-7 shadow-sm md:p-10"
    >
      <span
        aria-hidden="true"
        className="absolute inset-x-0 top-0 h-0.5 bg-linear-to-r from-transparent via-gold-soft to-transparent"
      />
      <div className="flex flex-col gap-6 md:flex-row md:items-start md:justify-between md:gap-12">
        <div className="max-w-2xl">
          <Badge variant="gold">Founding perk</Badge>
          <h2 id="founding-perk" className="mt-5 text-3xl leading-tight md:text-4xl">
            First at every table
          </h2>
          <p className="mt-4 leading-relaxed text-muted-foreground">
            As a founding member, you are offered each new partner privilege before it opens to the
            wider membership, and your founding perks stay with you whichever tier you hold. Thank
            you for being with us from the beginning.
          </p>
        </div>
        <Rosette className="hidden size-40 shrink-0 text-gold-soft/60 md:block" />
      </div>
    </section>
  );
}

export default function PartnersRoute() {
  const founder = useFounder();
  return (
    <>
      <Head />
      <PageHeader
        eyebrow="Privileges"
        title="Partners"
        lede="A small circle of partners, chosen with the same care as our members. Partner offers come with Noir membership and above, and will open in stages."
      />

      <Container className="py-16 md:py-24">
        {founder.active ? (
          <div className="mb-16 md:mb-24">
            <FoundingPerkCard />
          </div>
        ) : null}

        <section aria-labelledby="partner-categories">
          <SectionHeader
            id="partner-categories"
            eyebrow="Coming soon"
            title="Where membership will take you"
          >
            <p>
              We are arranging the first partnerships now. Members will hear about each one before
              it is announced anywhere else.
            </p>
          </SectionHeader>
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {CATEGORIES.map(({ title, text, icon: Icon }) => (
              <IconCard
                key={title}
                testId="partner-category"
                className="flex flex-col rounded-lg border border-border bg-card p-7"
                icon={<Icon aria-hidden="true" className="size-5" strokeWidth={1.5} />}
                aside={
                  <Badge variant="outline" className="text-muted-foreground">
                    Coming soon
                  </Badge>
                }
                title={title}
                text={text}
              />
            ))}
          </ul>
          <p className="mt-8 max-w-3xl text-sm leading-relaxed text-muted-foreground">
            Partner offers are provided by our partners on their own terms and may change. They are
            not part of your account with us.
          </p>
        </section>
      </Container>

      <ClosingBand
        id="become-partner"
        eyebrow="For businesses"
        title="Become a partner"
        text="If your house shares our standards of service and discretion, we would be glad to hear from you."
      >
        <Button asChild size="lg" variant="outline">
          <Link to={paths.contact.getHref()}>Get in touch</Link>
        </Button>
      </ClosingBand>
    </>
  );
}
