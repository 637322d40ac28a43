import { CircleCheck, FileText, LoaderCircle, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { LEGAL_SLUGS, type LegalSlug } from '#shared/legal.ts';
import { metaForPath } from '#shared/seo.ts';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { clearStaffToken, getStaffToken, useStaffToken } from '#client/lib/staff-token.ts';
import { useApplyLegalUpdates } from '../api/apply-legal-updates.ts';
import { useLegalDocuments } from '../api/get-legal-documents.ts';
import { formatLegalDate } from '../utils/legal-doc.ts';
import { NotAuthenticatedAlert } from './not-authenticated-alert.tsx';

const DOCUMENTS = LEGAL_SLUGS.map((slug) => ({
  slug,
  title: metaForPath(paths.legal[slug].path).title ?? slug,
}));

/** 'Privacy Policy, Terms of Membership and Cookie Policy', in the site's order. */
function listTitles(slugs: readonly LegalSlug[]): string {
  const titles = DOCUMENTS.filter((doc) => slugs.includes(doc.slug)).map((doc) => doc.title);
  return titles.length > 1
    ? `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]}`
    : (titles[0] ?? '');
}

// The confirmation's dialog (Radix, about 13 kB) is fetched when a member reaches for the
// button, not with the page (decision 046): visitors who are not staff never need it.
const loadDialog = () => import('./replace-legal-dialog.tsx');
const ReplaceLegalDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.ReplaceLegalDialog })),
);
const prefetchDialog = () => void loadDialog().catch(() => undefined);

type Outcome = { kind: 'success'; updated: LegalSlug[] } | { kind: 'error'; message: string };

/**
 * SPEC §2 /update-legal: staff replace the stored legal documents with the versions bundled
 * with this release (`one-time-legal-update`), after confirming that edits will be lost.
 */
export function UpdateLegalPanel() {
  const staffToken = useStaffToken();
  const documents = useLegalDocuments();
  const apply = useApplyLegalUpdates();
  const [confirming, setConfirming] = useState(false);
  // Mounted from the first press on, so closing keeps the dialog's own exit.
  const [dialogWanted, setDialogWanted] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = () => {
    setConfirming(false);
    const token = getStaffToken();
    if (!token) return;
    setOutcome(null);
    apply.mutate(
      { token },
      {
        onSuccess: (updated) => setOutcome({ kind: 'success', updated }),
        onError: (error) => {
          if (isApiError(error) && error.status === 401) {
            // The token expired or was revoked: back to the sign-in message.
            clearStaffToken();
            return;
          }
          setOutcome({
            kind: 'error',
            message:
              isApiError(error) && error.status !== 0
                ? error.message
                : 'We could not reach the server. Please try again.',
          });
        },
      },
    );
  };

  const busy = apply.isPending;

  return (
    <div className="grid max-w-3xl gap-8">
      <section
        aria-labelledby="bundled-documents"
        className="rounded-lg border border-border bg-card p-6 shadow-xs sm:p-8"
      >
        <h2 id="bundled-documents" className="text-2xl">
          Documents in this release
        </h2>
        <p className="mt-3 leading-relaxed text-muted-foreground">
          Applying the update writes these three documents back to the wording shipped with this
          version of Waj. Their &lsquo;Last updated&rsquo; dates move to today.
        </p>
        <ul className="mt-6 divide-y divide-border border-y border-border">
          {DOCUMENTS.map(({ slug, title }) => {
            const stored = documents.data?.find((doc) => doc.slug === slug);
            const date = stored ? formatLegalDate(stored.updated_at) : null;
            return (
              <li key={slug} className="flex items-start gap-4 py-4">
                <FileText aria-hidden="true" className="mt-1 size-4 shrink-0 text-gold" />
                <div className="flex flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                  <Link
                    to={paths.legal[slug].getHref()}
                    className="w-fit rounded-sm font-medium underline decoration-transparent underline-offset-4 hover:decoration-gold-soft"
                  >
                    {title}
                  </Link>
                  <span className="text-sm text-muted-foreground" data-testid={`stored-${slug}`}>
                    {date ? `Last updated ${date}` : documents.isPending ? 'Loading...' : ''}
                  </span>
                </div>
              </li>
            );
          })}
        </ul>

        <Alert className="mt-6 items-start">
          <TriangleAlert aria-hidden="true" />
          <AlertDescription>
            Any changes made in the legal editor will be overwritten. This cannot be undone.
          </AlertDescription>
        </Alert>

        <div className="mt-8">
          {staffToken ? (
            <Button
              size="lg"
              onPointerEnter={prefetchDialog}
              onFocus={prefetchDialog}
              onClick={() => {
                setDialogWanted(true);
                setConfirming(true);
              }}
              disabled={busy}
            >
              {busy ? (
                <>
                  <LoaderCircle
                    aria-hidden="true"
                    className="animate-spin motion-reduce:animate-none"
                  />
                  Applying updates...
                </>
              ) : (
                'Apply Updates Now'
              )}
            </Button>
          ) : (
            <NotAuthenticatedAlert />
          )}
        </div>
      </section>

      {outcome?.kind === 'success' ? (
        <Alert variant="success" className="items-start">
          <CircleCheck aria-hidden="true" />
          <div className="grid gap-1">
            <AlertTitle>Legal documents updated</AlertTitle>
            <AlertDescription>
              {outcome.updated.length > 0
                ? `The ${listTitles(outcome.updated)} now match this release.`
                : 'The stored documents already match this release.'}{' '}
              <Link
                to={paths.legal.root.getHref()}
                className="rounded-sm font-medium text-foreground underline decoration-gold-soft underline-offset-4 hover:decoration-2"
              >
                View the legal documents
              </Link>
            </AlertDescription>
          </div>
        </Alert>
      ) : null}
      {outcome?.kind === 'error' ? (
        <Alert variant="destructive" className="items-start">
          <TriangleAlert aria-hidden="true" />
          <div className="grid gap-1">
            <AlertTitle>Failed to apply updates</AlertTitle>
            <AlertDescription>{outcome.message}</AlertDescription>
          </div>
        </Alert>
      ) : null}

      {dialogWanted ? (
        <Suspense fallback={null}>
          <ReplaceLegalDialog open={confirming} onOpenChange={setConfirming} onConfirm={run} />
        </Suspense>
      ) : null}
    </div>
  );
}
