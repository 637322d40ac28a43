import { Check } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import inAppControls from '#client/assets/scenes/in-app-controls.svg?no-inline';
import { cn } from '#client/utils/cn.ts';
import { useCardArt } from '../api/get-card-assets.ts';
import { CardImage } from './card-image.tsx';
import { Reveal } from './reveal.tsx';
import { HeadedSection } from './section-heading.tsx';

/** The picture side of a block: a framed panel with a soft gold light. */
function Panel({ children, className }: { children?: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'relative aspect-[4/3] overflow-hidden rounded-lg border border-border bg-secondary',
        'bg-[radial-gradient(circle_at_30%_20%,color-mix(in_srgb,var(--gold-soft)_22%,transparent),transparent_65%)]',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** The two metal cards of the first scene, laid one over the other. */
const METAL_CARDS = [
  {
    tier: 'titan',
    place: 'top-[14%] left-[8%]',
    turn: '-rotate-[10deg]',
    shadow: 'shadow-[0_24px_40px_-20px_rgb(0_0_0/0.5)]',
  },
  {
    tier: 'monarch',
    place: 'right-[7%] bottom-[12%]',
    turn: 'rotate-[6deg]',
    shadow: 'shadow-[0_28px_48px_-20px_rgb(0_0_0/0.6)]',
  },
] as const;

function MetalScene() {
  const { ready, src } = useCardArt();
  if (!ready) return <Panel />;
  return (
    <Panel>
      {METAL_CARDS.map(({ tier, place, turn, shadow }) => (
        <div key={tier} className={`absolute ${place} w-[62%] ${turn}`}>
          <CardImage tier={tier} src={src(tier)} alt="" className={shadow} />
        </div>
      ))}
    </Panel>
  );
}

function AppScene() {
  return (
    <Panel className="flex items-end justify-center pt-[8%]">
      <img
        src={inAppControls}
        alt=""
        width={320}
        height={620}
        loading="lazy"
        decoding="async"
        className="h-auto w-[40%] translate-y-[14%] drop-shadow-[0_30px_30px_rgb(0_0_0/0.35)]"
      />
    </Panel>
  );
}

type Block = {
  title: string;
  text: string;
  points: string[];
  scene: ComponentType;
  /** What the picture shows, for readers who cannot see it. */
  caption: string;
};

const BLOCKS: Block[] = [
  {
    title: 'Cut from metal, carried quietly',
    text: 'From Titan upwards your card is cut from metal, weighted to feel substantial and finished for its tier. The face carries no full number: your details stay in the app, where only you can see them.',
    points: [
      'Metal cards from Titan',
      'Virtual card ready the moment you are approved',
      'Delivered in 5 to 7 business days',
    ],
    scene: MetalScene,
    caption: 'A Titan card in brushed metal beside a Monarch card in royal blue and gold.',
  },
  {
    title: 'Everything, in your hand',
    text: 'Freeze a card, set a monthly limit or create a disposable number in seconds. Every payment appears the moment it is made, and 3D Secure 2.2 confirms the ones that matter.',
    points: ['Instant freeze and unfreeze', 'Limits you set yourself', 'Disposable virtual cards'],
    scene: AppScene,
    caption: 'The Waj app showing a Monarch card with its card controls.',
  },
];

export function WajExperience() {
  return (
    <HeadedSection
      id="experience-heading"
      testId="waj-experience"
      eyebrow="Designed with care"
      title="The Waj Experience"
      lead="Considered in every detail, from the weight of the card to the calm of the app."
    >
      <div className="mt-14 space-y-16 md:space-y-24">
        {BLOCKS.map(({ title, text, points, scene: Scene, caption }, index) => (
          <Reveal key={title}>
            <article className="grid items-center gap-8 md:grid-cols-2 md:gap-14 lg:gap-20">
              <figure className={cn(index % 2 === 1 && 'md:order-2')}>
                <Scene />
                <figcaption className="sr-only">{caption}</figcaption>
              </figure>
              <div>
                <h3 className="text-2xl leading-snug sm:text-3xl">{title}</h3>
                <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{text}</p>
                <ul className="mt-6 space-y-3">
                  {points.map((point) => (
                    <li key={point} className="flex items-start gap-3">
                      <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-gold" />
                      <span>{point}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </article>
          </Reveal>
        ))}
      </div>
    </HeadedSection>
  );
}
