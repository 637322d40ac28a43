import { ArrowRight, Clock, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { LostCardLine } from '#client/components/company/lost-card-line.tsx';
import { Faq, type FaqEntry } from '#client/components/faq.tsx';
import { Container } from '#client/components/layouts/container.tsx';
import { PageHeader, SectionHeader } from '#client/components/layouts/page-header.tsx';
import { LostCardPhoneLink, TEXT_LINK } from '#client/components/layouts/page-sections.tsx';
import { Head } from '#client/components/seo/head.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { COMPANY } from '#client/config/site.ts';

/** Eight questions (SPEC §2); every figure is one of SPEC §9's. */
const QUESTIONS: readonly FaqEntry[] = [
  {
    question: 'How do I apply for membership?',
    answer: (
      <p>
        Go to the{' '}
        <Link to={paths.apply.root.getHref()} className={TEXT_LINK}>
          application page
        </Link>
        . If you have an invitation code, enter it there; codes are case-insensitive. If not, submit
        a short application, and if selected, you&apos;ll receive an invitation code by email. Elite
        membership is by invitation only.
      </p>
    ),
  },
  {
    question: 'How long does an application take?',
    answer: (
      <>
        <p>
          We aim to review applications within 3-5 business days, and identity verification normally
          takes a further 1-2 days. Some applications need a manual review and take a little longer.
        </p>
        <p>
          If you leave part-way through, we can email you a secure link to pick up where you left
          off.
        </p>
      </>
    ),
  },
  {
    question: 'What do I need to verify my identity?',
    answer: (
      <p>
        A valid passport or driving licence and a selfie, taken on your phone or computer during
        verification. If we ask for a proof of address, it must be dated within the last 3 months.
        See{' '}
        <Link to={paths.eligibility.getHref()} className={TEXT_LINK}>
          eligibility
        </Link>{' '}
        for the full requirements.
      </p>
    ),
  },
  {
    question: 'How much does membership cost?',
    answer: (
      <p>
        Membership fees range from £0 to £39.99 per month, depending on your tier. The fee for your
        tier is shown in your offer before you sign, and we will never charge a fee that has not
        been disclosed to you.
      </p>
    ),
  },
  {
    question: 'Can I choose a different tier from the one I am offered?',
    answer: (
      <p>
        Yes, a lower one. When your offer arrives you may accept the tier offered or choose any tier
        below it; you cannot choose a higher tier than the one offered. The{' '}
        <Link to={paths.cards.getHref()} className={TEXT_LINK}>
          cards page
        </Link>{' '}
        compares every tier.
      </p>
    ),
  },
  {
    question: 'When will my card arrive?',
    answer: (
      <p>
        Physical and metal cards are normally delivered within 5-7 business days. We email a
        confirmation, with tracking where available, within 24 hours of your card being sent. If it
        has not arrived within 10 days, tell us and we will send a replacement.
      </p>
    ),
  },
  {
    question: 'My card is lost or stolen. What should I do?',
    answer: (
      <p>
        Freeze it in the app, then call our lost and stolen card line straight away on{' '}
        <LostCardPhoneLink />, answered 24 hours a day. We will cancel the card and send you a
        replacement within 10 days.
      </p>
    ),
  },
  {
    question: 'How do I dispute a transaction?',
    answer: (
      <p>
        Contact us within 14 days of the transaction appearing in your account, telling us what went
        wrong: a payment you did not make, the wrong amount, or goods that never arrived. Read more
        on our{' '}
        <Link to={paths.security.getHref()} className={TEXT_LINK}>
          security page
        </Link>
        .
      </p>
    ),
  },
];

function ContactCard() {
  return (
    <section
      aria-labelledby="help-contact"
      className="rounded-xl border border-border bg-card p-7 md:p-8 lg:sticky lg:top-24"
    >
      <h2 id="help-contact" className="text-2xl md:text-3xl">
        Still need help?
      </h2>
      <p className="mt-3 leading-relaxed text-muted-foreground">
        Our team would be glad to hear from you. We reply to messages within 2-3 business days.
      </p>
      <dl className="mt-6 space-y-4 border-t border-border pt-6 text-sm">
        <div className="relative pl-7">
          <dt className="font-medium">
            <Clock aria-hidden="true" className="absolute top-0.5 left-0 size-4 text-gold" />
            Support hours
          </dt>
          <dd className="mt-1 text-muted-foreground">
            {COMPANY.supportHours}. Urgent card matters, 24 hours a day.
          </dd>
        </div>
        <div className="relative min-w-0 pl-7">
          <dt className="font-medium">
            <Mail aria-hidden="true" className="absolute top-0.5 left-0 size-4 text-gold" />
            Email
          </dt>
          <dd className="mt-1">
            <a href={`mailto:${COMPANY.supportEmail}`} className={`${TEXT_LINK} break-all`}>
              {COMPANY.supportEmail}
            </a>
          </dd>
        </div>
      </dl>
      <Button asChild size="lg" className="mt-7 w-full">
        <Link to={paths.contact.getHref()}>
          Contact us
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </section>
  );
}

export default function HelpRoute() {
  return (
    <>
      <Head />
      <PageHeader
        eyebrow="Support"
        title="Help"
        lede="Answers to the questions members and applicants ask most often. If yours is not here, our team is a message away."
      />

      <Container className="pt-10 md:pt-14">
        <LostCardLine className="max-w-2xl" />
      </Container>
      <Container className="grid items-start gap-12 pt-12 pb-16 md:pt-16 md:pb-24 lg:grid-cols-[1.6fr_1fr] lg:gap-16">
        <section aria-labelledby="help-faq" className="min-w-0">
          <SectionHeader id="help-faq" eyebrow="Questions" title="Frequently asked questions" />
          <Faq entries={QUESTIONS} className="mt-10" />
        </section>
        <ContactCard />
      </Container>
    </>
  );
}
