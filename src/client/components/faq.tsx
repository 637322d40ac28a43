import type { ReactNode } from 'react';
import { cn } from '../utils/cn.ts';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './ui/accordion.tsx';

export type FaqEntry = {
  question: string;
  answer: ReactNode;
};

type FaqProps = {
  entries: readonly FaqEntry[];
  className?: string;
};

/**
 * Questions and answers as an accordion. Each question is a button inside an h3 (Radix's
 * header), so place the list under an h2. Several answers may be open at once: a reader
 * comparing two answers should not lose the first.
 */
export function Faq({ entries, className }: FaqProps) {
  return (
    <Accordion
      type="multiple"
      data-testid="faq"
      className={cn('border-t border-border', className)}
    >
      {entries.map((entry) => (
        <AccordionItem key={entry.question} value={entry.question}>
          <AccordionTrigger className="font-serif text-lg leading-snug text-wrap md:text-xl">
            {entry.question}
          </AccordionTrigger>
          <AccordionContent className="max-w-prose space-y-3 pr-8 text-[0.975rem]">
            {entry.answer}
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
