import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { GENERIC_ERROR_MESSAGE, isApiError } from './api-client.ts';

/**
 * The server's own message for a failed call, or `fallback` when it has none worth showing:
 * no answer at all (offline), or only the generic one.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!isApiError(error) || error.status === 0 || error.message === GENERIC_ERROR_MESSAGE) {
    return fallback;
  }
  return error.message;
}

/**
 * Puts the server's per-field messages (`details`, keyed by the names sent) on the form's
 * fields, and moves focus to the first of them in `fieldOf`'s order.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fieldOf: Record<string, FieldPath<T>>,
  setError: UseFormSetError<T>,
) {
  let focus = true;
  for (const [wire, field] of Object.entries(fieldOf)) {
    const detail = isApiError(error) ? error.details?.[wire] : undefined;
    if (!detail) continue;
    setError(field, { message: detail }, { shouldFocus: focus });
    focus = false;
  }
}
