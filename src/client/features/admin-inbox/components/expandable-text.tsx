import { useId, useState } from 'react';
import { cn } from '#client/utils/cn.ts';

/** Longer than this, a cell shows the start and a button for the rest. */
const PREVIEW_CHARS = 80;

/**
 * Free text in a table cell (reason, message): one or two lines, with the whole text one
 * click or key press away ('Show more') and in the tooltip of the shortened text.
 */
export function ExpandableText({ text, label }: { text: string | null; label: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!text) return <span className="text-muted-foreground">—</span>;
  const long = text.length > PREVIEW_CHARS || text.includes('\n');
  if (!long) return <span className="block max-w-xs [overflow-wrap:anywhere]">{text}</span>;
  return (
    <div className="grid max-w-xs justify-items-start gap-1">
      <p
        id={id}
        title={open ? undefined : text}
        className={cn('whitespace-pre-line [overflow-wrap:anywhere]', open ? '' : 'line-clamp-2')}
      >
        {text}
      </p>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        className="cursor-pointer rounded-sm text-xs font-medium text-foreground underline decoration-gold-soft underline-offset-4 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {open ? 'Show less' : 'Show more'}
        <span className="sr-only"> of {label}</span>
      </button>
    </div>
  );
}
