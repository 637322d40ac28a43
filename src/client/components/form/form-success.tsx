import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';

/** What takes a form's place once it has done its work: a gold tick, a title and a line. */
export function FormSuccess({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div
      role="status"
      className="flex flex-col items-center justify-center gap-3 py-10 text-center"
      data-testid={testId}
    >
      <span className="flex size-14 items-center justify-center rounded-full border border-gold-soft/60 text-gold">
        <CircleCheck aria-hidden="true" className="size-7" />
      </span>
      <p className="font-serif text-2xl">{title}</p>
      {children}
    </div>
  );
}
