import { Container } from '#client/components/layouts/container.tsx';
import { Head } from '#client/components/seo/head.tsx';
import { UpdateLegalPanel } from '#client/features/legal/components/update-legal-panel.tsx';

/** SPEC §2 /update-legal: the staff helper that restores the bundled legal documents. */
export default function UpdateLegalRoute() {
  return (
    <>
      <Head noindex />
      <Container className="py-16 md:py-24">
        <div className="max-w-3xl">
          <p className="text-xs font-semibold tracking-[0.2em] text-gold uppercase">Staff tools</p>
          <h1 className="mt-4 text-4xl leading-tight md:text-5xl">Update legal documents</h1>
          <p className="mt-6 text-lg leading-relaxed text-muted-foreground">
            Replace the stored Privacy Policy, Terms of Membership and Cookie Policy with the
            versions bundled with this release. Use it after an upgrade that changes our legal
            wording, or to undo edits made in the legal editor.
          </p>
        </div>
        <div className="mt-12">
          <UpdateLegalPanel />
        </div>
      </Container>
    </>
  );
}
