import { Link } from 'react-router';
import { Container } from '../../../components/layouts/container.tsx';
import { Head } from '../../../components/seo/head.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';

export default function HomeRoute() {
  return (
    <>
      <Head />
      <Container className="py-20 md:py-32">
        <p className="mb-5 text-xs font-semibold tracking-[0.2em] text-gold uppercase">
          Private membership
        </p>
        <h1 className="max-w-3xl text-4xl leading-[1.1] sm:text-5xl md:text-6xl">
          Private membership that goes beyond banking
        </h1>
        <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground">
          Discreet cards, elevated limits and curated perks, for members by invitation.
        </p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={paths.apply.root.getHref()}>Apply Now</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.cards.getHref()}>Explore Cards</Link>
          </Button>
        </div>
      </Container>
    </>
  );
}
