/**
 * What an error may say in a log line. Database errors carry the values that caused them:
 * Drizzle's message holds the whole query and its parameters, and PostgreSQL's own message and
 * detail quote the offending value (`invalid input syntax for type uuid: "…"`, `Key (email)=(…)
 * already exists`). Those are names, e-mails and messages people sent us, so a database error
 * is logged by its codes and the names of the objects involved only, never its text.
 */

// A type alias, not an interface: pino's serializer type wants an index signature.
export type SafeError = {
  type: string;
  message: string;
  code?: string;
  /** PostgreSQL's SQLSTATE, e.g. 23505. */
  sqlState?: string;
  table?: string;
  column?: string;
  constraint?: string;
  /** The call sites only: the first line of a stack repeats the message. */
  stack: string;
  cause?: SafeError;
};

type Loose = Record<string, unknown> | null | undefined;

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : undefined;

/** A PostgreSQL error as either driver raises it: a five-character SQLSTATE in `code`. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e = error as Loose, depth = 0; e && depth < 4; e = e.cause as Loose, depth++) {
    const code = str(e.code);
    if (code && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

function isDatabaseError(error: Loose): boolean {
  if (!error) return false;
  const name = str(error.name) ?? str((error.constructor as { name?: unknown } | undefined)?.name);
  return (
    name === 'DrizzleQueryError' ||
    name === 'DatabaseError' ||
    'query' in error ||
    'params' in error ||
    sqlStateOf(error) !== undefined
  );
}

function frames(stack: unknown): string | undefined {
  const text = str(stack);
  if (!text) return undefined;
  const lines = text.split('\n').filter((line) => /^\s+at /.test(line));
  return lines.length ? lines.join('\n') : undefined;
}

export function safeError(error: unknown, depth = 0): SafeError {
  if (typeof error !== 'object' || error === null) {
    return { type: typeof error, message: 'not an Error', stack: '' };
  }
  const e = error as Record<string, unknown>;
  const type = str(e.name) ?? str(e.constructor?.name) ?? 'Error';
  const out: SafeError = { type, message: '', stack: frames(e.stack) ?? '' };
  if (isDatabaseError(e)) {
    out.message = 'database error (its text is withheld: it can quote submitted values)';
    const state = sqlStateOf(e);
    if (state) out.sqlState = state;
    for (const key of ['table', 'column', 'constraint'] as const) {
      const value = str(e[key]);
      if (value) out[key] = value;
    }
  } else {
    out.message = (str(e.message) ?? '').slice(0, 500);
    const code = str(e.code);
    if (code) out.code = code;
  }
  if (e.cause && depth < 3) out.cause = safeError(e.cause, depth + 1);
  return out;
}
