import type { ComponentPropsWithRef } from 'react';

/**
 * The hidden `website` trap (SPEC §5): off-screen and out of the Tab order, so only bots fill it
 * in. The form drops a submission that has it filled.
 */
export function HoneypotField({
  id,
  ...field
}: { id: string } & Omit<ComponentPropsWithRef<'input'>, 'id'>) {
  return (
    <div aria-hidden="true" className="absolute top-0 -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Website (leave this empty)</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...field} />
    </div>
  );
}
