import {
  ConciergeBell,
  CreditCard,
  Crown,
  Gauge,
  Gem,
  Handshake,
  Headset,
  Plane,
  SlidersHorizontal,
  type LucideIcon,
} from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { HeadedSection } from './section-heading.tsx';

type Advantage = { title: string; text: string; icon: LucideIcon; comingSoon?: boolean };

/** SPEC §1: the nine advantage tiles. */
const ADVANTAGES: Advantage[] = [
  {
    title: 'Concierge service',
    text: '24/7 personal assistance, from a table tonight to travel plans months ahead.',
    icon: ConciergeBell,
  },
  {
    title: 'Elevated limits',
    text: 'Spending and withdrawal limits that rise with your tier and your needs.',
    icon: Gauge,
  },
  {
    title: 'Priority support',
    text: 'A dedicated relationship team who already know your account when you call.',
    icon: Headset,
  },
  {
    title: 'Founding perks',
    text: 'Lasting privileges reserved for the members of our closed founding circle.',
    icon: Crown,
  },
  {
    title: 'Partner offers',
    text: 'Curated privileges with partners in dining, retail and travel.',
    icon: Handshake,
  },
  {
    title: 'Virtual and metal cards',
    text: 'A virtual card the moment you are approved; metal from Titan upwards.',
    icon: CreditCard,
  },
  {
    title: 'In-app controls',
    text: 'Freeze a card, set limits and create disposable numbers in seconds.',
    icon: SlidersHorizontal,
  },
  {
    title: 'Lounge access',
    text: 'Airport lounges for you and a guest, for Titan members and above.',
    icon: Plane,
    comingSoon: true,
  },
  {
    title: 'Exclusive drops',
    text: 'Early and members-only access to limited releases from our partners.',
    icon: Gem,
  },
];

export function MembershipAdvantages() {
  return (
    <HeadedSection
      id="advantages-heading"
      testId="membership-advantages"
      eyebrow="Membership"
      title="Membership Advantages"
      lead="Everything a private bank should be, and a few things most are not."
    >
      <ul className="mt-12 grid gap-px overflow-hidden rounded-lg border border-border bg-border sm:grid-cols-2 lg:grid-cols-3">
        {ADVANTAGES.map(({ title, text, icon: Icon, comingSoon }) => (
          <li key={title} className="flex gap-5 bg-card p-6 sm:flex-col sm:gap-6 sm:p-8">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full border border-gold-soft/50 text-gold">
              <Icon aria-hidden="true" strokeWidth={1.5} className="size-5" />
            </span>
            <div>
              <h3 className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xl leading-snug">
                {title}
                {comingSoon ? (
                  <Badge variant="gold" className="font-sans">
                    Coming soon
                  </Badge>
                ) : null}
              </h3>
              <p className="mt-2 leading-relaxed text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
