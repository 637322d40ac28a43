import { Component, useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { Monogram } from '../brand/logo.tsx';
import { Container } from '../layouts/container.tsx';
import { Head } from '../seo/head.tsx';
import { Button } from '../ui/button.tsx';

/** Logs the real error for developers; users only ever see the friendly message. */
function useReportError(error: unknown): void {
  useEffect(() => {
    if (import.meta.env.DEV) console.error(error);
  }, [error]);
}

function reload(): void {
  window.location.reload();
}

function ErrorMessage() {
  return (
    <div role="alert" className="flex flex-col items-center">
      <Head title="Something went wrong" noindex />
      <p className="text-xs font-semibold tracking-[0.2em] text-gold uppercase">Unexpected error</p>
      <h1 className="mt-4 text-3xl md:text-4xl">Something went wrong</h1>
      <p className="mt-4 max-w-md text-lg leading-relaxed text-muted-foreground">
        We could not show this page. Please try again; if it keeps happening, return home or contact
        our team.
      </p>
      <div className="mt-10 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
        <Button type="button" size="lg" onClick={reload}>
          Try again
        </Button>
        {/* A plain link: a full page load also recovers from a failed page download. */}
        <Button asChild size="lg" variant="outline">
          <a href={paths.home.getHref()}>Return Home</a>
        </Button>
      </div>
    </div>
  );
}

/** Catches what its children throw while rendering (a failed page download included). */
class Boundary extends Component<
  { children: ReactNode; fallback: (error: unknown) => ReactNode; resetKey?: string },
  { failed: boolean; error: unknown }
> {
  override state = { failed: false, error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  // A new address clears the error without remounting what did not fail (a page shared by
  // several addresses keeps its state and focus, as it does without an error).
  override componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ failed: false, error: null });
    }
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}

function PageError({ error }: { error: unknown }) {
  useReportError(error);
  return (
    <Container
      className="flex flex-col items-center py-20 text-center md:py-28"
      data-testid="route-error"
    >
      <ErrorMessage />
    </Container>
  );
}

function LayoutError({ error }: { error: unknown }) {
  useReportError(error);
  return (
    <main
      id="main"
      data-testid="app-error"
      className="flex min-h-dvh flex-col items-center justify-center px-5 text-center"
    >
      <Link to={paths.home.getHref()} className="mb-10 flex items-center gap-2.5 rounded-md">
        <Monogram className="size-10" />
        <span className="font-serif text-2xl">Waj</span>
      </Link>
      <ErrorMessage />
    </main>
  );
}

/**
 * Error boundary for pages, rendered inside the site layout: a generic message, never the
 * error itself.
 */
export function RouteErrorBoundary({
  children,
  resetKey,
}: {
  children: ReactNode;
  /** The address: an error shown for one is cleared when it changes. */
  resetKey: string;
}) {
  return (
    <Boundary resetKey={resetKey} fallback={(error) => <PageError error={error} />}>
      {children}
    </Boundary>
  );
}

/** Last-resort boundary above the layout (the layout itself failed): a bare page. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary fallback={(error) => <LayoutError error={error} />}>{children}</Boundary>;
}
