import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

/** A button's label: a spinner and the busy text while working, else the idle text. */
export function BusyLabel({
  busy,
  idle,
  working,
}: {
  busy: boolean;
  idle: ReactNode;
  working: ReactNode;
}) {
  if (!busy) return <>{idle}</>;
  return (
    <>
      <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
      {working}
    </>
  );
}
