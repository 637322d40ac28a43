/** A field's message, linked to its input through aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm leading-snug text-destructive-text">
      {message}
    </p>
  );
}

/** The ids an input's aria-describedby lists: its error when shown, then any hints. */
export function describedBy(error: unknown, errorId: string, ...hints: string[]) {
  return [error ? errorId : null, ...hints].filter(Boolean).join(' ') || undefined;
}
