import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '#client/lib/toast.ts';
import { Button } from '#client/components/ui/button.tsx';
import { COMPANY } from '#client/config/site.ts';
import { usePressBoilerplate } from '../api/get-press-boilerplate.ts';

const COPIED_FOR_MS = 2000;

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success('Boilerplate copied');
    } catch {
      toast.error('Could not copy the text. Please select it and copy it instead.');
    }
  }

  return (
    <Button variant="outline" size="sm" onClick={() => void copy()}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? 'Copied' : 'Copy text'}
    </Button>
  );
}

/** The company description, as staff keep it in the `press_boilerplate` setting. */
export function PressBoilerplate() {
  const boilerplate = usePressBoilerplate();

  if (boilerplate.isPending) {
    return (
      <div
        role="status"
        data-testid="press-boilerplate-loading"
        data-skeleton=""
        className="space-y-3 py-1"
      >
        <span className="sr-only">Loading the company description…</span>
        {['w-full', 'w-full', 'w-11/12', 'w-full', 'w-2/3'].map((width, index) => (
          <div
            key={index}
            aria-hidden="true"
            className={`h-4 rounded-sm bg-muted motion-safe:animate-pulse ${width}`}
          />
        ))}
      </div>
    );
  }

  if (boilerplate.isError) {
    return (
      <p
        data-testid="press-boilerplate-unavailable"
        className="leading-relaxed text-muted-foreground"
      >
        The company description is not available just now. Our press office will gladly send it:
        write to{' '}
        <a
          href={`mailto:${COMPANY.pressEmail}`}
          className="text-foreground underline decoration-gold-soft underline-offset-4 hover:decoration-2"
        >
          {COMPANY.pressEmail}
        </a>
        .
      </p>
    );
  }

  return (
    <figure>
      <blockquote
        data-testid="press-boilerplate"
        className="border-l-2 border-gold-soft pl-6 font-serif text-lg leading-relaxed"
      >
        <p>{boilerplate.data}</p>
      </blockquote>
      <figcaption className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3 pl-6 text-sm text-muted-foreground">
        <span>Approved company description, free to reproduce in full.</span>
        <CopyButton text={boilerplate.data} />
      </figcaption>
    </figure>
  );
}
