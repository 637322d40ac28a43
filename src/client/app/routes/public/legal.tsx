import { RegulatoryStatus } from '#client/components/company/regulatory-status.tsx';
import { Container } from '#client/components/layouts/container.tsx';
import { LegalDocuments } from '#client/features/legal/components/legal-documents.tsx';

/**
 * /legal, /legal/privacy, /legal/terms and /legal/cookies: one screen (SPEC §2), closed by who
 * we are: the status statement and the registered office every document refers to.
 */
export default function LegalRoute() {
  return (
    <>
      <LegalDocuments />
      <Container className="-mt-6 pb-20 md:-mt-10 md:pb-28">
        <section
          aria-labelledby="legal-company"
          className="max-w-4xl rounded-xl border border-border bg-card p-6 sm:p-8"
        >
          <h2 id="legal-company" className="text-2xl">
            Who we are
          </h2>
          <RegulatoryStatus className="mt-4 text-sm leading-relaxed text-muted-foreground" />
        </section>
      </Container>
    </>
  );
}
