import { PenLine, RotateCw } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LEGAL_SLUGS, type LegalSlug } from '#shared/legal.ts';
import { metaForPath } from '#shared/seo.ts';
import { Container } from '#client/components/layouts/container.tsx';
import { Head } from '#client/components/seo/head.tsx';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { paths } from '#client/config/paths.ts';
import { useHydrated } from '#client/lib/hydrated.ts';
import { useStaffToken } from '#client/lib/staff-token.ts';
import { useLegalDocuments } from '../api/get-legal-documents.ts';
import { isLocalHost, LEGAL_TAB_LABELS, legalDocFromLocation } from '../utils/legal-doc.ts';
import { LegalDocumentHeader, LegalDocumentView } from './legal-document-view.tsx';
import { NotAuthenticatedAlert } from './not-authenticated-alert.tsx';

/** Staff-only: loaded when someone starts editing, so visitors never download it. */
const LegalDocumentEditor = lazy(() =>
  import('./legal-document-editor.tsx').then((module) => ({ default: module.LegalDocumentEditor })),
);

/** The document's own page metadata (/legal/terms → 'Terms of Membership'). */
const metaFor = (slug: LegalSlug) => metaForPath(paths.legal[slug].path);

function isLegalSlug(value: string): value is LegalSlug {
  return (LEGAL_SLUGS as readonly string[]).includes(value);
}

const SKELETON_LINES = ['w-full', 'w-11/12', 'w-full', 'w-4/5', 'w-full', 'w-2/3'];

function LegalSkeleton() {
  return (
    <div role="status" data-skeleton="" className="mt-10 max-w-[68ch] md:mt-12">
      <span className="sr-only">Loading legal documents</span>
      <div aria-hidden="true" className="animate-pulse space-y-10 motion-reduce:animate-none">
        {[0, 1].map((block) => (
          <div key={block} className="space-y-3.5">
            <div className="mb-6 h-7 w-1/2 rounded bg-muted" />
            {SKELETON_LINES.map((width, line) => (
              <div key={line} className={`h-4 rounded bg-muted ${width}`} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * SPEC §2 Legal: Privacy / Terms / Cookies as tabs, chosen by `?doc=` or the path. Choosing a
 * tab moves the address to the document's own path (replacing history), so it can be shared.
 * On localhost, staff with a token can edit a document in place.
 */
export function LegalDocuments() {
  const location = useLocation();
  const navigate = useNavigate();
  const active = legalDocFromLocation(location.pathname, location.search);
  const documents = useLegalDocuments();
  const staffToken = useStaffToken();
  // Drawn on the server without the editor; it appears once the page is live (decision 047).
  const editable = useHydrated() && isLocalHost(window.location.hostname);
  const [editing, setEditing] = useState<LegalSlug | null>(null);
  const [deniedFor, setDeniedFor] = useState<LegalSlug | null>(null);

  const select = (value: string) => {
    if (!isLegalSlug(value) || value === active) return;
    setEditing(null);
    setDeniedFor(null);
    const params = new URLSearchParams(location.search);
    params.delete('doc');
    const search = params.toString();
    void navigate(
      { pathname: paths.legal[value].getHref(), search: search ? `?${search}` : '' },
      { replace: true },
    );
  };

  const startEditing = () => {
    if (!staffToken) {
      setDeniedFor(active);
      return;
    }
    setDeniedFor(null);
    setEditing(active);
  };

  const meta = metaFor(active);

  const renderPanel = (slug: LegalSlug) => {
    const fallbackTitle = metaFor(slug).title ?? LEGAL_TAB_LABELS[slug];
    const legalDocument = documents.data?.find((doc) => doc.slug === slug);
    const denied = deniedFor === slug ? <NotAuthenticatedAlert className="mb-10" /> : null;

    if (!legalDocument) {
      if (documents.isPending) {
        return (
          <>
            {denied}
            <LegalDocumentHeader slug={slug} title={fallbackTitle} />
            <LegalSkeleton />
          </>
        );
      }
      return (
        <>
          {denied}
          <LegalDocumentHeader slug={slug} title={fallbackTitle} updatedAt={null} />
          <Alert variant="destructive" className="mt-10 max-w-2xl items-start">
            <div className="grid gap-3">
              <AlertTitle>Failed to load legal documents</AlertTitle>
              <AlertDescription>
                Please check your connection and try again. You can also write to us at any time.
              </AlertDescription>
              <div>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void documents.refetch()}
                  disabled={documents.isFetching}
                >
                  <RotateCw
                    aria-hidden="true"
                    className={
                      documents.isFetching ? 'animate-spin motion-reduce:animate-none' : ''
                    }
                  />
                  {documents.isFetching ? 'Retrying...' : 'Try again'}
                </Button>
              </div>
            </div>
          </Alert>
        </>
      );
    }

    if (editing === slug && staffToken) {
      return (
        <>
          {denied}
          <LegalDocumentHeader
            slug={slug}
            title={legalDocument.title}
            updatedAt={legalDocument.updated_at}
          />
          <div className="mt-10">
            <Suspense fallback={<p className="text-sm text-muted-foreground">Loading editor...</p>}>
              <LegalDocumentEditor
                document={legalDocument}
                onDone={() => setEditing(null)}
                onUnauthenticated={() => setDeniedFor(slug)}
              />
            </Suspense>
          </div>
        </>
      );
    }

    return (
      <>
        {denied}
        <LegalDocumentView document={legalDocument} />
      </>
    );
  };

  return (
    <>
      <Head title={meta.title ?? undefined} description={meta.description} />
      <Container className="pt-12 pb-20 md:pt-16 md:pb-28">
        <p className="text-xs font-semibold tracking-[0.2em] text-gold uppercase">Legal</p>
        <Tabs value={active} onValueChange={select}>
          <div className="mt-5 flex items-end justify-between gap-4 border-b border-border">
            <TabsList
              aria-label="Legal documents"
              className="-mb-px gap-6 overflow-visible rounded-none bg-transparent p-0 sm:gap-8"
            >
              {LEGAL_SLUGS.map((slug) => (
                <TabsTrigger
                  key={slug}
                  value={slug}
                  className="rounded-none border-b-2 border-transparent px-0.5 pt-1 pb-3.5 text-[0.9375rem] hover:text-foreground data-[state=active]:border-gold data-[state=active]:bg-transparent data-[state=active]:shadow-none"
                >
                  {LEGAL_TAB_LABELS[slug]}
                </TabsTrigger>
              ))}
            </TabsList>
            {editing !== active ? (
              // Its place is kept on every host, and it shows once the page is live on
              // localhost: the tabs row never changes height under the reader.
              <Button
                variant="ghost"
                size="sm"
                className={editable ? 'mb-2' : 'invisible mb-2'}
                onClick={startEditing}
              >
                <PenLine aria-hidden="true" />
                Edit
              </Button>
            ) : null}
          </div>
          {LEGAL_SLUGS.map((slug) => (
            <TabsContent
              key={slug}
              value={slug}
              className="mt-10 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-8 focus-visible:outline-ring focus-visible:outline-solid md:mt-14"
            >
              {renderPanel(slug)}
            </TabsContent>
          ))}
        </Tabs>
      </Container>
    </>
  );
}
