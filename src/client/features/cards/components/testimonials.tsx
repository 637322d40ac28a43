import { Reveal } from './reveal.tsx';
import { HeadedSection } from './section-heading.tsx';

/** Members are named by initials only: discretion is the point. */
const QUOTES = [
  {
    quote:
      'The quiet efficiency is the luxury. One message to my relationship team and it is handled, usually before I have finished my coffee.',
    initials: 'J.M.',
    tier: 'Monarch',
  },
  {
    quote:
      'I book travel most weeks. A fresh virtual card for every booking, frozen from my phone the moment I am done: it has changed how I think about money.',
    initials: 'A.R.',
    tier: 'Titan',
  },
  {
    quote:
      'Nothing about Waj shouts, which is exactly why I joined. The card feels considered, and so does every conversation.',
    initials: 'S.K.',
    tier: 'Noir',
  },
];

export function Testimonials() {
  return (
    <HeadedSection
      id="testimonials-heading"
      testId="testimonials"
      eyebrow="Members"
      title="From our vision to your lifestyle"
      align="center"
    >
      <Reveal>
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {QUOTES.map(({ quote, initials, tier }) => (
            <li key={initials}>
              <figure className="flex h-full flex-col rounded-lg border border-border bg-card p-8">
                <span aria-hidden="true" className="h-8 font-serif text-6xl leading-none text-gold">
                  &ldquo;
                </span>
                <blockquote className="mt-4 flex-1 font-serif text-lg leading-relaxed sm:text-xl">
                  <p>{quote}</p>
                </blockquote>
                <figcaption className="mt-8 flex items-center gap-3 border-t border-border pt-6">
                  <span
                    aria-hidden="true"
                    className="flex size-10 items-center justify-center rounded-full bg-secondary text-xs font-semibold tracking-wider text-foreground"
                  >
                    {initials.replaceAll('.', '')}
                  </span>
                  <span className="text-sm">
                    <span className="font-medium">{initials}</span>
                    <span className="text-muted-foreground"> · {tier} member</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Reveal>
    </HeadedSection>
  );
}
