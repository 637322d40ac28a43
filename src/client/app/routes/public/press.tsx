import type { ReactNode } from 'react';
import { Container } from '#client/components/layouts/container.tsx';
import { PageHeader, SectionHeader } from '#client/components/layouts/page-header.tsx';
import { Head } from '#client/components/seo/head.tsx';
import { pressBoilerplateSource } from '#client/features/press/api/get-press-boilerplate.ts';
import { BrandPalette } from '#client/features/press/components/brand-palette.tsx';
import { CardRenders } from '#client/features/press/components/card-renders.tsx';
import { PressBoilerplate } from '#client/features/press/components/press-boilerplate.tsx';
import { PressContact } from '#client/features/press/components/press-contact.tsx';
import { PressLogos } from '#client/features/press/components/press-logos.tsx';
import { prefetch } from '#client/lib/public-data.ts';

/** Starts reading the boilerplate while the page's code is still arriving; never waits for it. */
export const clientLoader = () => {
  prefetch(pressBoilerplateSource);
  return null;
};

function PressSection({
  id,
  eyebrow,
  title,
  intro,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="border-b border-border py-16 last:border-b-0 md:py-20">
      <SectionHeader id={id} eyebrow={eyebrow} title={title}>
        {intro}
      </SectionHeader>
      <div className="mt-10">{children}</div>
    </section>
  );
}

/** One of the two sections side by side at the foot of the page. */
function PressColumn({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <SectionHeader id={id} eyebrow={eyebrow} title={title} />
      <div className="mt-8">{children}</div>
    </section>
  );
}

export default function PressRoute() {
  return (
    <>
      <Head />
      <PageHeader
        eyebrow="Press kit"
        title="Press"
        lede="Everything you need to write about Waj: our logo, colours, card renders and company description, cleared for editorial use."
      />
      <Container>
        <PressSection
          id="press-logo"
          eyebrow="Identity"
          title="Logo"
          intro="Use the version made for your background. Please keep clear space around the logo and do not recolour, stretch or redraw it."
        >
          <PressLogos />
        </PressSection>

        <PressSection
          id="press-palette"
          eyebrow="Colour"
          title="Brand palette"
          intro="Five colours, used sparingly: ink and ivory carry the page, gold is kept for what matters."
        >
          <BrandPalette />
        </PressSection>

        <PressSection
          id="press-cards"
          eyebrow="Cards"
          title="Card renders"
          intro="Standard, Noir, Titan and Monarch, rendered from the card artwork at print resolution. Elite is issued by invitation only and is not shown."
        >
          <CardRenders />
        </PressSection>

        <div className="grid gap-12 py-16 md:py-20 lg:grid-cols-[1.35fr_1fr] lg:gap-16">
          <PressColumn id="press-boilerplate" eyebrow="Boilerplate" title="About Waj">
            <PressBoilerplate />
          </PressColumn>
          <PressColumn id="press-contact" eyebrow="Enquiries" title="Press contact">
            <PressContact />
          </PressColumn>
        </div>
      </Container>
    </>
  );
}
