import {
  Landmark,
  LockKeyhole,
  ShieldCheck,
  SlidersHorizontal,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { LostCardLine } from '#client/components/company/lost-card-line.tsx';
import { RegulatoryStatus } from '#client/components/company/regulatory-status.tsx';
import { Faq, type FaqEntry } from '#client/components/faq.tsx';
import { Container } from '#client/components/layouts/container.tsx';
import { Eyebrow, PageHeader, SectionHeader } from '#client/components/layouts/page-header.tsx';
import {
  IconCard,
  SplitSection,
  LostCardPhoneLink,
  TEXT_LINK,
} from '#client/components/layouts/page-sections.tsx';
import { Head } from '#client/components/seo/head.tsx';
import { paths } from '#client/config/paths.ts';
import { COMPANY } from '#client/config/site.ts';

type Feature = { title: string; text: string; icon: LucideIcon };

/** SPEC §1 trust badges; the fourth (safeguarded funds) is the regulatory note below. */
const FEATURES: readonly Feature[] = [
  {
    title: 'Secure 3DS 2.2',
    text: 'Online payments are confirmed with 3-D Secure 2.2. Most purchases pass quietly; anything unusual may ask you to approve it first.',
    icon: ShieldCheck,
  },
  {
    title: 'In-app controls',
    text: 'Freeze and unfreeze your card and decide how and where it can be used, in a moment, from your phone.',
    icon: SlidersHorizontal,
  },
  {
    title: 'PCI-DSS aligned',
    text: 'Card data is handled to the Payment Card Industry Data Security Standard. Full card numbers are held by our card issuing partner, never on our website.',
    icon: LockKeyhole,
  },
];

const QUESTIONS: readonly FaqEntry[] = [
  {
    question: 'Where is my money held?',
    answer: (
      <p>
        Members&apos; funds are held with our authorised banking and e-money partner, which
        safeguards them, keeping your money apart from the partner&apos;s own funds.
      </p>
    ),
  },
  {
    question: 'What should I do if my card is lost or stolen?',
    answer: (
      <p>
        Freeze it in the app straight away, then call our lost and stolen card line on{' '}
        <LostCardPhoneLink />, answered 24 hours a day. We will cancel the card and send you a
        replacement within 10 days.
      </p>
    ),
  },
  {
    question: 'I do not recognise a payment. What now?',
    answer: (
      <p>
        Freeze your card and contact us. To dispute a card transaction, raise it within 14 days of
        it appearing in your account so that we and the card scheme can act quickly. If a payment
        was not authorised by you, it will be refunded as the law requires.
      </p>
    ),
  },
  {
    question: 'How is my identity verified?',
    answer: (
      <p>
        Through a regulated third-party identity-verification provider, which checks your passport
        or driving licence against a selfie and screens against sanctions and other watchlists.
        Documents are kept in secure storage that only authorised staff can open.
      </p>
    ),
  },
  {
    question: 'Will Waj ever ask for my card details or PIN?',
    answer: (
      <p>
        Never. We will not ask for your full card number, PIN or security codes by email, phone or
        message. If anyone does, even in our name, do not reply: write to{' '}
        <a href={`mailto:${COMPANY.supportEmail}`} className={TEXT_LINK}>
          {COMPANY.supportEmail}
        </a>{' '}
        instead.
      </p>
    ),
  },
  {
    question: 'How is my personal data protected?',
    answer: (
      <p>
        Everything between your browser and Waj is encrypted in transit, sessions use cookies that
        page scripts cannot read, and every staff action is recorded. Our{' '}
        <Link to={paths.legal.privacy.getHref()} className={TEXT_LINK}>
          Privacy Policy
        </Link>{' '}
        sets out the detail.
      </p>
    ),
  },
];

export default function SecurityRoute() {
  return (
    <>
      <Head />
      <PageHeader
        eyebrow="Protection"
        title="Security"
        lede="Discretion means nothing without security. Here is how we protect your money, your card and your data, and what you can do to help."
      />

      <Container>
        <LostCardLine className="mt-10 max-w-2xl md:mt-14" />
        <section aria-labelledby="safeguards" className="pt-14 pb-12 md:pt-20 md:pb-16">
          <SectionHeader id="safeguards" eyebrow="Safeguards" title="Protected at every step" />
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {FEATURES.map(({ title, text, icon: Icon }) => (
              <IconCard
                key={title}
                testId="security-feature"
                className="rounded-lg border border-border bg-card p-7"
                icon={<Icon aria-hidden="true" className="size-5" strokeWidth={1.5} />}
                title={title}
                text={text}
              />
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="regulatory-note"
          className="border-b border-border pb-16 md:pb-24"
        >
          <div className="grid gap-8 rounded-xl border border-gold-soft/50 bg-card p-6 sm:p-8 md:grid-cols-[auto_1fr] md:gap-10 md:p-12">
            <span className="flex size-14 items-center justify-center rounded-full bg-muted text-gold">
              <Landmark aria-hidden="true" className="size-6" strokeWidth={1.5} />
            </span>
            <div className="max-w-3xl">
              <Eyebrow>Regulatory note</Eyebrow>
              <h2 id="regulatory-note" className="mt-5 text-3xl leading-tight md:text-4xl">
                Funds safeguarded by an authorised partner
              </h2>
              <div className="mt-5 space-y-4 leading-relaxed text-muted-foreground">
                <RegulatoryStatus className="space-y-4 text-foreground" />
                <p>
                  Our partner holds and safeguards members&apos; funds, keeping them apart from its
                  own. Waj arranges your membership and looks after you; the partner holds your
                  money.
                </p>
                <p>
                  When your membership is activated you receive the account and card terms our
                  partners require, including how your funds are protected. Details are in our{' '}
                  <Link to={paths.legal.terms.getHref()} className={TEXT_LINK}>
                    Terms of Membership
                  </Link>
                  .
                </p>
              </div>
            </div>
          </div>
        </section>

        <SplitSection
          id="security-faq"
          eyebrow="Questions"
          title="Security, answered"
          intro={
            <p>
              Something looks wrong? Act first, ask second: freeze your card in the app, then
              contact us. Urgent card matters are handled 24 hours a day.
            </p>
          }
        >
          <Faq entries={QUESTIONS} />
        </SplitSection>
      </Container>
    </>
  );
}
