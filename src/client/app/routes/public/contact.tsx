import { LostCardLine } from '#client/components/company/lost-card-line.tsx';
import { Container } from '#client/components/layouts/container.tsx';
import { Head } from '#client/components/seo/head.tsx';
import { ContactDetails } from '#client/features/contact/components/contact-details.tsx';
import { ContactForm } from '#client/features/contact/components/contact-form.tsx';

/** SPEC §2 Contact: the form beside our details. */
export default function ContactRoute() {
  return (
    <>
      <Head />
      <Container className="py-16 md:py-24">
        <div className="max-w-2xl">
          <p className="text-xs font-semibold tracking-[0.2em] text-gold uppercase">Contact</p>
          <h1 className="mt-4 text-4xl leading-tight md:text-5xl">Speak with our team</h1>
          <p className="mt-6 text-lg leading-relaxed text-muted-foreground">
            Questions about membership, an application or your card: write to us and a member of our
            client services team will reply personally within 2-3 business days.
          </p>
        </div>
        <LostCardLine className="mt-10 max-w-2xl" />
        <div className="mt-12 grid gap-12 md:mt-16 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-16">
          <div className="rounded-lg border border-border bg-card p-6 shadow-xs sm:p-10">
            <ContactForm />
          </div>
          <ContactDetails />
        </div>
      </Container>
    </>
  );
}
