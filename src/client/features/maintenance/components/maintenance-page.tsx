import { Link } from 'react-router';
import { Monogram } from '#client/components/brand/logo.tsx';
import { Head } from '#client/components/seo/head.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';

type MaintenancePageProps = {
  /** Support address shown to visitors. */
  supportEmail: string;
};

/**
 * SPEC §2 maintenance page, shown on every route except /admin while maintenance mode is on.
 * Presentational only: reading maintenance mode (and rendering nothing while it loads) is
 * wired in by the layout once the site-settings API exists.
 */
export function MaintenancePage({ supportEmail }: MaintenancePageProps) {
  return (
    <main
      id="main"
      tabIndex={-1}
      data-testid="maintenance-page"
      className="flex min-h-dvh flex-col items-center justify-center px-5 py-16 text-center outline-none"
    >
      {/* Not noindex: a crawler passing during maintenance (told 503) must not drop the page. */}
      <Head title="Under Maintenance" />
      <Monogram className="size-12" />
      <h1 className="mt-8 text-3xl md:text-4xl">Under Maintenance</h1>
      <p className="mt-4 max-w-md text-lg leading-relaxed text-muted-foreground">
        We are making improvements to Waj and will be back shortly.
      </p>
      <dl className="mt-8 grid gap-4 text-sm sm:grid-cols-2 sm:gap-10">
        <div>
          <dt className="text-muted-foreground">Expected duration</dt>
          <dd className="mt-1 font-medium">Brief</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Support</dt>
          <dd className="mt-1 font-medium">
            <a
              href={`mailto:${supportEmail}`}
              className="rounded-sm underline decoration-gold-soft underline-offset-4 hover:decoration-2"
            >
              {supportEmail}
            </a>
          </dd>
        </div>
      </dl>
      <Button asChild variant="outline" className="mt-10">
        <Link to={paths.admin.getHref()}>Admin Access</Link>
      </Button>
    </main>
  );
}
