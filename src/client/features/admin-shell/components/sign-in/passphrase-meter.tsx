import { cn } from '#client/utils/cn.ts';
import type { PassphraseStrength } from '../../utils/passphrase-strength.ts';

const BAR_COLOURS: Record<PassphraseStrength['score'], string> = {
  0: 'bg-border',
  1: 'bg-destructive',
  2: 'bg-gold-soft',
  3: 'bg-gold/80',
  4: 'bg-gold',
};

/** Four bars and a line of text; the text (read with the field) carries the meaning. */
export function PassphraseMeter({ id, strength }: { id: string; strength: PassphraseStrength }) {
  return (
    <div className="grid gap-1.5">
      <div aria-hidden="true" className="grid grid-cols-4 gap-1">
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cn(
              'h-1.5 rounded-full transition-colors',
              strength.score >= bar ? BAR_COLOURS[strength.score] : 'bg-border',
            )}
          />
        ))}
      </div>
      <p id={id} className="text-sm text-muted-foreground" aria-live="polite">
        <span className="font-medium text-foreground">Strength: {strength.label}.</span>{' '}
        {strength.hint}
      </p>
    </div>
  );
}
