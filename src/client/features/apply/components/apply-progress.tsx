import { Check } from 'lucide-react';
import { PROGRESS_STEPS, progressIndex, type Stage } from '#shared/stages.ts';
import { cn } from '#client/utils/cn.ts';

/**
 * SPEC §4 progress indicator: 'Step N of 8' on phones, the eight steps as a vertical list on
 * wider screens, earlier steps completed and the current one highlighted.
 */
export function ApplyProgress({ stage }: { stage: Stage }) {
  const current = progressIndex(stage);
  const total = PROGRESS_STEPS.length;
  return (
    <div data-testid="apply-progress">
      <div className="md:hidden">
        <p className="flex items-baseline justify-between gap-4 text-sm">
          <span className="font-medium">
            Step {current + 1} of {total}
          </span>
          <span className="truncate text-muted-foreground">{PROGRESS_STEPS[current]?.label}</span>
        </p>
        <div aria-hidden="true" className="mt-3 flex gap-1">
          {PROGRESS_STEPS.map((step, index) => (
            <span
              key={step.stage}
              className={cn(
                'h-1 flex-1 rounded-full',
                index <= current ? 'bg-gold-soft' : 'bg-border',
              )}
            />
          ))}
        </div>
      </div>

      <ol className="hidden md:grid" aria-label="Application progress">
        {PROGRESS_STEPS.map((step, index) => {
          const done = index < current;
          const active = index === current;
          const last = index === total - 1;
          return (
            <li
              key={step.stage}
              aria-current={active ? 'step' : undefined}
              className="relative flex gap-3.5 pb-6 last:pb-0"
            >
              {last ? null : (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-7 bottom-1 left-[0.6875rem] w-px',
                    done ? 'bg-gold-soft' : 'bg-border',
                  )}
                />
              )}
              <span
                aria-hidden="true"
                className={cn(
                  'relative flex size-6 shrink-0 items-center justify-center rounded-full border text-[0.6875rem] font-medium',
                  done &&
                    'border-gold-soft bg-gold-soft text-primary-foreground dark:text-background',
                  active && 'border-gold bg-background text-gold ring-4 ring-gold-soft/20',
                  !done && !active && 'border-border bg-background text-muted-foreground',
                )}
              >
                {done ? <Check className="size-3.5" strokeWidth={3} /> : index + 1}
              </span>
              <span
                className={cn(
                  'pt-0.5 text-sm leading-snug',
                  active ? 'font-medium text-foreground' : 'text-muted-foreground',
                )}
              >
                {step.label}
                <span className="sr-only">
                  {done ? ' (completed)' : active ? ' (current step)' : ''}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
