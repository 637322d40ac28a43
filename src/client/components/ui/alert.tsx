import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../../utils/cn.ts';

const alertVariants = cva(
  'relative flex w-full gap-3 rounded-lg border px-4 py-3.5 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'border-border bg-card text-card-foreground [&>svg]:text-gold',
        destructive:
          'border-destructive-text/40 bg-destructive/8 text-destructive-text [&>svg]:text-destructive-text',
        success: 'border-gold/40 bg-gold-soft/10 text-foreground [&>svg]:text-gold',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/**
 * A message in the page. Errors use role="alert" (announced at once); others role="status".
 */
export function Alert({
  className,
  variant,
  ...props
}: ComponentProps<'div'> & VariantProps<typeof alertVariants>) {
  return (
    <div
      data-slot="alert"
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('font-medium leading-snug', className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('leading-relaxed opacity-90', className)} {...props} />;
}
