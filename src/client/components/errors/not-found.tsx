import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { Container } from '../layouts/container.tsx';
import { Head } from '../seo/head.tsx';
import { Button } from '../ui/button.tsx';

/** SPEC §2 404 page. Not indexed. */
export function NotFound() {
  return (
    <>
      <Head title="Page Not Found" noindex />
      <Container className="flex flex-col items-center py-20 text-center md:py-28">
        <p
          data-testid="not-found-code"
          className="font-serif text-8xl leading-none text-gold md:text-9xl"
        >
          404
        </p>
        <h1 className="mt-6 text-3xl md:text-4xl">Page Not Found</h1>
        <p className="mt-4 max-w-md text-lg leading-relaxed text-muted-foreground">
          The page you are looking for does not exist or has been moved.
        </p>
        <div className="mt-10 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link to={paths.home.getHref()}>Return Home</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.contact.getHref()}>Contact Support</Link>
          </Button>
        </div>
        <p className="mt-10 text-sm text-muted-foreground">
          Think something is wrong? Please{' '}
          <Link
            to={paths.contact.getHref()}
            className="rounded-sm text-foreground underline decoration-gold-soft underline-offset-4 hover:decoration-2"
          >
            contact our team
          </Link>
          .
        </p>
      </Container>
    </>
  );
}
