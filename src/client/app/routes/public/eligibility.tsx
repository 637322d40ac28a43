import { Link } from 'react-router';
import { Faq, type FaqEntry } from '#client/components/faq.tsx';
import { Container } from '#client/components/layouts/container.tsx';
import { PageHeader, SectionHeader } from '#client/components/layouts/page-header.tsx';
import {
  ApplyButton,
  ClosingBand,
  SplitSection,
  TEXT_LINK,
} from '#client/components/layouts/page-sections.tsx';
import { Head } from '#client/components/seo/head.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';

/** SPEC §9 eligibility, in the spec's order. */
const REQUIREMENTS = [
  {
    title: 'UK resident',
    text: 'You live in the United Kingdom and have a valid UK address. If we ask for proof of address, it must be dated within the last 3 months.',
  },
  {
    title: '18 or older',
    text: 'Membership is open to adults only. Your date of birth is confirmed from your photo ID.',
  },
  {
    title: 'Photo ID',
    text: 'A valid passport or driving licence, checked together with a selfie by our regulated identity-verification partner.',
  },
  {
    title: 'A verifiable source of income',
    text: 'Salary, business income, investments or a pension: any source we are able to verify.',
  },
  {
    title: 'Agreement to compliance checks',
    text: 'Identity, anti-money laundering and sanctions checks when you apply, and from time to time while you are a member.',
  },
] as const;

/** SPEC §9 review times and card shipping. */
const TIMINGS = [
  { value: '3-5', unit: 'business days', label: 'Application review' },
  { value: '1-2', unit: 'additional days', label: 'Identity verification' },
  { value: '5-7', unit: 'business days', label: 'Card delivery' },
] as const;

const QUESTIONS: readonly FaqEntry[] = [
  {
    question: 'Do I need an invitation code to apply?',
    answer: (
      <>
        <p>
          Not always. If you have a code, enter it on the{' '}
          <Link to={paths.apply.root.getHref()} className={TEXT_LINK}>
            application page
          </Link>{' '}
          and continue straight away. If you do not, submit a short application; if selected,
          you&apos;ll receive an invitation code by email.
        </p>
        <p>
          From time to time invitations are limited to approved members only. During those periods
          an invitation code is needed to apply.
        </p>
      </>
    ),
  },
  {
    question: 'I live outside the United Kingdom. Can I apply?',
    answer: (
      <p>
        Not at present. Membership requires residence in the United Kingdom and a valid UK address.
      </p>
    ),
  },
  {
    question: 'Which documents will I be asked for?',
    answer: (
      <p>
        A valid passport or driving licence and a selfie, taken during verification. If we need to
        confirm your address, we will ask for a proof of address dated within the last 3 months,
        such as a utility bill or bank statement.
      </p>
    ),
  },
  {
    question: 'How long does a decision take?',
    answer: (
      <p>
        We aim to review applications within 3-5 business days. Identity verification normally takes
        a further 1-2 days. Applications that need a manual review can take a little longer, and we
        will keep you informed by email.
      </p>
    ),
  },
  {
    question: 'Does meeting the requirements guarantee membership?',
    answer: (
      <p>
        No. The requirements make you eligible to apply. Each application is reviewed individually,
        and the tier we offer reflects the information you give us and the results of our checks.
        You may accept the tier offered or choose a lower one.
      </p>
    ),
  },
  {
    question: 'Can I apply for Elite membership?',
    answer: (
      <p>
        Elite is by invitation only and has no public application form. You are welcome to register
        an expression of interest from the{' '}
        <Link to={paths.cards.getHref()} className={TEXT_LINK}>
          cards page
        </Link>
        .
      </p>
    ),
  },
];

export default function EligibilityRoute() {
  return (
    <>
      <Head />
      <PageHeader
        eyebrow="Membership"
        title="Eligibility"
        lede="Waj is a private membership. Every member meets the same five requirements, which keep the circle safe and the service personal."
      >
        <ApplyButton />
        <Button asChild size="lg" variant="outline">
          <Link to={paths.cards.getHref()}>Compare the cards</Link>
        </Button>
      </PageHeader>

      <Container>
        <SplitSection
          id="requirements"
          eyebrow="Requirements"
          title="What we ask of every member"
          className="border-b border-border"
          intro={
            <p>
              Meeting all five makes you eligible to apply. It does not guarantee an invitation or a
              particular tier: every application is reviewed by our team.
            </p>
          }
        >
          <ol
            data-testid="eligibility-requirements"
            className="divide-y divide-border border-y border-border"
          >
            {REQUIREMENTS.map((requirement, index) => (
              <li key={requirement.title} className="flex gap-6 py-7 sm:gap-8">
                <span
                  aria-hidden="true"
                  className="w-10 shrink-0 font-serif text-3xl leading-none text-gold tabular-nums"
                >
                  {String(index + 1).padStart(2, '0')}
                </span>
                <div>
                  <h3 className="text-xl leading-snug">{requirement.title}</h3>
                  <p className="mt-2 leading-relaxed text-muted-foreground">{requirement.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </SplitSection>

        <section aria-labelledby="timings" className="border-b border-border py-16 md:py-24">
          <SectionHeader id="timings" eyebrow="Timings" title="From application to card">
            <p>Target times, not promises: a review that needs more care may take longer.</p>
          </SectionHeader>
          <dl className="mt-10 grid gap-px overflow-hidden rounded-lg border border-border bg-border sm:grid-cols-3">
            {TIMINGS.map((timing) => (
              <div key={timing.label} className="flex flex-col-reverse gap-3 bg-card p-6 md:p-8">
                <dt className="text-sm text-muted-foreground">{timing.label}</dt>
                <dd className="font-serif text-4xl leading-none md:text-5xl">
                  {timing.value}
                  <span className="ml-2 font-sans text-base text-muted-foreground">
                    {timing.unit}
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <SplitSection
          id="eligibility-faq"
          eyebrow="Questions"
          title="Before you apply"
          intro={
            <p>
              Anything else on your mind? Our{' '}
              <Link to={paths.help.getHref()} className={TEXT_LINK}>
                help centre
              </Link>{' '}
              answers the questions we hear most often.
            </p>
          }
        >
          <Faq entries={QUESTIONS} />
        </SplitSection>
      </Container>

      <ClosingBand
        id="eligibility-apply"
        title="Ready to begin?"
        text="Enter your invitation code, or tell us a little about yourself. It takes a few minutes."
      >
        <ApplyButton />
      </ClosingBand>
    </>
  );
}
